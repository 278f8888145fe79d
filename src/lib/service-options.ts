/**
 * The services a visitor can ask a quote for (docs/spec.md, Content and records: "Service options", value: label).
 * Browser-safe: shared by the quote form, the quote schema and the contact admin.
 */
export const SERVICE_OPTIONS = [
  { value: "roof-repairs", label: "Roof Repairs" },
  { value: "new-installation", label: "New Roof Installation" },
  { value: "roughcasting", label: "Roughcasting" },
  { value: "emergency-repair", label: "Emergency Repair" },
  { value: "maintenance", label: "Roof Maintenance" },
  { value: "guttering", label: "Guttering Services" },
  { value: "other", label: "Other" },
] as const;

export type ServiceOptionValue = (typeof SERVICE_OPTIONS)[number]["value"];

export const SERVICE_OPTION_VALUES = SERVICE_OPTIONS.map((option) => option.value) as [
  ServiceOptionValue,
  ...ServiceOptionValue[],
];

/** The label for a stored value; unknown values are shown as they are. */
export function serviceLabel(value: string): string {
  return SERVICE_OPTIONS.find((option) => option.value === value)?.label ?? value;
}
