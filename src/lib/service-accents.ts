/**
 * The accent colours a service may use (`accent:` in content/services), each a fixed pair of
 * Tailwind classes: content names a colour, never writes classes. Browser-safe.
 */
export const SERVICE_ACCENTS = {
  brand: { color: "bg-brand-50 text-brand-800", hoverColor: "hover:bg-brand-100" },
  accent: { color: "bg-accent-50 text-accent-700", hoverColor: "hover:bg-accent-100" },
  slate: { color: "bg-slate-100 text-slate-800", hoverColor: "hover:bg-slate-200" },
  red: { color: "bg-red-50 text-red-800", hoverColor: "hover:bg-red-100" },
} as const;

export type ServiceAccent = keyof typeof SERVICE_ACCENTS;
export const SERVICE_ACCENT_NAMES = Object.keys(SERVICE_ACCENTS) as [ServiceAccent, ...ServiceAccent[]];
