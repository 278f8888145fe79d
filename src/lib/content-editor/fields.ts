/**
 * The content editor's form fields, read from the zod schemas of src/lib/content-schemas.ts, so the
 * form asks for exactly what the build accepts: the same required fields, choices, lengths, number
 * ranges and patterns. The output is a field of a Decap-compatible CMS config (Sveltia CMS reads it).
 *
 * What each schema may add, through zod's own metadata:
 * - `.meta({ title })`: the field's label (otherwise its name in words: `shortDescription` → "Short description");
 * - `.describe(text)` or `.meta({ description })`: the help line under the field;
 * - `.meta({ options: [{ value, label }] })` on an enum: the words shown for each choice.
 *
 * A zod type with no form field (a record, a non-discriminated union of objects…) throws, naming the
 * field, so a new schema can never be left out of the editor silently.
 *
 * Browser-safe and free of Node APIs, like the schemas.
 */
import type { z } from "zod";

/** One field of the CMS config (`collections[].fields[]`). */
export interface CmsField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  default?: unknown;
  [option: string]: unknown;
}

/** Strings longer than this get a multi-line box rather than a one-line input. */
export const MULTILINE_FROM = 121;

type AnySchema = z.core.$ZodType;
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  innerType?: AnySchema;
  in?: AnySchema;
  out?: AnySchema;
  element?: AnySchema;
  shape?: Record<string, AnySchema>;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: AnySchema[];
  discriminator?: string;
  defaultValue?: unknown;
  format?: string;
}
interface CheckDef {
  check: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  pattern?: RegExp;
  error?: (issue: unknown) => unknown;
}

interface Meta {
  title?: string;
  description?: string;
  options?: { value: string; label: string }[];
}

const def = (schema: AnySchema) => schema._zod.def as unknown as Def;

/** Registered metadata of this schema (zod keeps `.describe()` and `.meta()` in its global registry). */
function metaOf(schema: AnySchema, registry: z.core.$ZodRegistry<Meta>): Meta {
  return registry.get(schema) ?? {};
}

/** "shortDescription" → "Short description", "work-hours" → "Work hours". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The message a check carries (`.min(3, "…")`), when it was given one. */
function checkMessage(check: CheckDef): string | undefined {
  const result = check.error?.({ code: check.check, input: "" });
  if (typeof result === "string") return result;
  if (result && typeof result === "object" && "message" in result && typeof result.message === "string")
    return result.message;
  return undefined;
}

/** The schema under its optional/default/readonly wrappers, with what the wrappers say. */
export function unwrap(
  schema: AnySchema,
  registry: z.core.$ZodRegistry<Meta>,
): { core: AnySchema; required: boolean; defaultValue?: unknown; meta: Meta } {
  let current = schema;
  let required = true;
  let defaultValue: unknown;
  let meta: Meta = {};
  for (;;) {
    // Outer metadata wins over the inner schema's.
    meta = { ...metaOf(current, registry), ...meta };
    const d = def(current);
    if (d.type === "optional" || d.type === "nullable") {
      required = false;
      current = d.innerType!;
    } else if (d.type === "default" || d.type === "prefault") {
      required = false;
      defaultValue = d.defaultValue;
      current = d.innerType!;
    } else if (d.type === "readonly" || d.type === "catch" || d.type === "nonoptional") {
      current = d.innerType!;
    } else if (d.type === "pipe") {
      // What the file must contain is the pipe's input.
      current = d.in!;
    } else {
      return { core: current, required, defaultValue, meta };
    }
  }
}

/** Thrown for a schema the editor has no form field for. */
export class UnsupportedFieldError extends Error {}

/**
 * The CMS field for one property of a content schema. `path` names it in error messages
 * ("faq → answer").
 */
export function cmsField(
  name: string,
  schema: AnySchema,
  path: string,
  registry: z.core.$ZodRegistry<Meta>,
): CmsField {
  const { core, required, defaultValue, meta } = unwrap(schema, registry);
  const base: CmsField = {
    name,
    label: meta.title ?? humanize(name),
    widget: "string",
    ...(required ? {} : { required: false }),
    ...(meta.description ? { hint: meta.description } : {}),
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
  };
  const d = def(core);
  switch (d.type) {
    case "string":
      return { ...base, ...stringOptions(core) };
    case "number":
      return { ...base, ...numberOptions(core) };
    case "boolean":
      return { ...base, widget: "boolean" };
    case "date":
      return { ...base, widget: "datetime", type: "date", format: "YYYY-MM-DD" };
    case "enum":
      return { ...base, ...selectOptions(Object.values(d.entries!).map(String), meta) };
    case "literal": {
      const values = d.values!.map(String);
      // One allowed value: kept as it is, nothing to choose.
      if (values.length === 1) return { ...base, widget: "hidden", default: d.values![0] };
      return { ...base, ...selectOptions(values, meta) };
    }
    case "union": {
      const literals = literalChoices(core);
      if (literals) return { ...base, ...selectOptions(literals, meta) };
      if (d.discriminator) return { ...base, widget: "object", ...variableTypes(core, path, registry) };
      throw new UnsupportedFieldError(
        `${path}: a union of ${d.options!.map((option) => def(option).type).join(", ")} has no form field; ` +
          "use z.enum, z.discriminatedUnion or an object",
      );
    }
    case "object":
      return {
        ...base,
        widget: "object",
        collapsed: false,
        fields: objectFields(core, path, registry),
      };
    case "array":
      return { ...base, ...listOptions(core, base.label, path, registry) };
    default:
      throw new UnsupportedFieldError(
        `${path}: zod type "${d.type}" has no form field in the content editor`,
      );
  }
}

/** The fields of an object schema, or of a discriminated union's options. */
export function objectFields(
  schema: AnySchema,
  path: string,
  registry: z.core.$ZodRegistry<Meta>,
): CmsField[] {
  const d = def(schema);
  if (d.type !== "object")
    throw new UnsupportedFieldError(`${path}: expected an object schema, found "${d.type}"`);
  return Object.entries(d.shape!).map(([name, property]) =>
    cmsField(name, property, `${path} → ${name}`, registry),
  );
}

function stringOptions(schema: AnySchema): Record<string, unknown> {
  const d = def(schema);
  const options: Record<string, unknown> = {};
  const patterns: { source: string; message: string }[] = [];
  if (d.format === "email") options.type = "email";
  if (d.format === "url") options.type = "url";
  for (const { _zod } of d.checks ?? []) {
    const check = _zod.def;
    if (check.check === "min_length") options.minlength = check.minimum;
    else if (check.check === "max_length") options.maxlength = check.maximum;
    else if (check.check === "length_equals") options.minlength = options.maxlength = check.value;
    else if (check.check === "string_format" && check.pattern && check.format !== d.format) {
      patterns.push({
        source: check.pattern.source,
        message: checkMessage(check) ?? `Must match the pattern ${check.pattern.source}`,
      });
    }
  }
  if (patterns.length === 1) options.pattern = [patterns[0]!.source, patterns[0]!.message];
  if (patterns.length > 1) {
    // One pattern per field in the CMS: every pattern must match, each as a lookahead.
    options.pattern = [
      patterns.map((p) => `(?=${p.source})`).join(""),
      patterns.map((p) => p.message).join("; "),
    ];
  }
  const max = typeof options.maxlength === "number" ? options.maxlength : Infinity;
  const min = typeof options.minlength === "number" ? options.minlength : 0;
  options.widget =
    (max !== Infinity && max >= MULTILINE_FROM) || (max === Infinity && min >= 40) ? "text" : "string";
  return options;
}

function numberOptions(schema: AnySchema): Record<string, unknown> {
  const d = def(schema);
  const options: Record<string, unknown> = { widget: "number", value_type: "float" };
  for (const { _zod } of d.checks ?? []) {
    const check = _zod.def;
    if (check.check === "number_format" && /int/.test(check.format ?? "")) options.value_type = "int";
    else if (check.check === "greater_than") options.min = check.value;
    else if (check.check === "less_than") options.max = check.value;
  }
  // An exclusive bound on a whole number is the next whole number.
  for (const { _zod } of d.checks ?? []) {
    const check = _zod.def;
    if (options.value_type !== "int" || check.inclusive !== false) continue;
    if (check.check === "greater_than") options.min = check.value! + 1;
    if (check.check === "less_than") options.max = check.value! - 1;
  }
  return options;
}

function selectOptions(values: string[], meta: Meta): Record<string, unknown> {
  const labelled = meta.options;
  return {
    widget: "select",
    // Values that are code words ("hammer", "brand") are shown as words ("Hammer", "Brand").
    options: values.map((value) => {
      const label =
        labelled?.find((option) => option.value === value)?.label ??
        (/^[a-z0-9-]+$/.test(value) ? humanize(value) : undefined);
      return label && label !== value ? { label, value } : value;
    }),
  };
}

function literalChoices(schema: AnySchema): string[] | undefined {
  const values: string[] = [];
  for (const option of def(schema).options ?? []) {
    const d = def(option);
    if (d.type === "literal") values.push(...d.values!.map(String));
    else if (d.type === "enum") values.push(...Object.values(d.entries!).map(String));
    else return undefined;
  }
  return values;
}

function listOptions(schema: AnySchema, label: string, path: string, registry: z.core.$ZodRegistry<Meta>) {
  const d = def(schema);
  const options: Record<string, unknown> = { widget: "list" };
  for (const { _zod } of d.checks ?? []) {
    const check = _zod.def;
    if (check.check === "min_length") options.min = check.minimum;
    else if (check.check === "max_length") options.max = check.maximum;
  }
  const element = unwrap(d.element!, registry).core;
  const elementType = def(element).type;
  if (elementType === "object") {
    const fields = objectFields(element, `${path} → item`, registry);
    const title = fields.find((field) => field.widget === "string" && field.required !== false);
    return {
      ...options,
      fields,
      ...(title ? { summary: `{{fields.${title.name}}}` } : {}),
      collapsed: "auto",
    };
  }
  if (elementType === "union" && def(element).discriminator) {
    return { ...options, ...variableTypes(element, `${path} → item`, registry) };
  }
  const item = cmsField("item", d.element!, `${path} → item`, registry);
  return { ...options, field: { ...item, label: item.label === "Item" ? singular(label) : item.label } };
}

/** A discriminated union: one set of fields per kind, chosen by the discriminator's value. */
function variableTypes(schema: AnySchema, path: string, registry: z.core.$ZodRegistry<Meta>) {
  const key = def(schema).discriminator!;
  return {
    typeKey: key,
    types: def(schema).options!.map((option) => {
      const value = String(def(def(option).shape![key]!).values?.[0]);
      return {
        name: value,
        label: humanize(value),
        widget: "object",
        fields: objectFields(option, `${path} → ${value}`, registry).filter((field) => field.name !== key),
      };
    }),
  };
}

/** "Social profiles" → "Social profile": the label of one item of a list. */
export function singular(label: string): string {
  if (label.endsWith("ies")) return `${label.slice(0, -3)}y`;
  return label.endsWith("s") && !label.endsWith("ss") ? label.slice(0, -1) : label;
}
