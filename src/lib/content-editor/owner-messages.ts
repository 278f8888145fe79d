/**
 * Plain-English messages for content that the schemas refuse. The owner edits content/ through the
 * content editor; when an edit still fails the build (the editor checks most rules before saving,
 * the build checks all of them), the deploy log must say which field is wrong and how, in his words:
 *
 *   **paragraphs.0**: Paragraphs → paragraph 1: too short: write at least 200 characters (it has 12)
 *
 * src/content.config.ts wraps every collection's schema with `withOwnerMessages`; Astro prints the
 * collection, the entry and the file above these lines. Browser-safe.
 */
import { z } from "zod";
import { humanize, unwrap } from "./fields";

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "yes or no",
  array: "a list",
  object: "a group of fields",
  date: "a date",
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
const lengthOf = (input: unknown) =>
  typeof input === "string" || Array.isArray(input) ? input.length : undefined;
const has = (input: unknown, word: string) => {
  const length = lengthOf(input);
  return length === undefined ? "" : ` (it has ${plural(length, word)})`;
};

function describeValue(input: unknown): string {
  if (input === null) return "empty";
  if (Array.isArray(input)) return "a list";
  if (typeof input === "string") return `the text "${input.length > 40 ? `${input.slice(0, 40)}…` : input}"`;
  if (typeof input === "number") return `the number ${input}`;
  if (typeof input === "boolean") return input ? "yes" : "no";
  return "a group of fields";
}

/**
 * zod error map for content: used where a schema check has no message of its own. Returns the
 * message without the field's name; `describeIssue` puts the name in front.
 */
export function ownerMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "missing: this must be filled in";
      return `should be ${TYPE_WORDS[issue.expected] ?? issue.expected}, not ${describeValue(issue.input)}`;
    case "too_small": {
      const minimum = Number(issue.minimum);
      if (issue.origin === "string") {
        if (minimum <= 1) return "is empty: write something here";
        if (lengthOf(issue.input) === 0) return `is empty: write at least ${plural(minimum, "character")}`;
        return `too short: write at least ${plural(minimum, "character")}${has(issue.input, "character")}`;
      }
      if (issue.origin === "array")
        return `needs at least ${plural(minimum, "item")}${has(issue.input, "item")}`;
      return `must be ${issue.inclusive === false ? "more than" : "at least"} ${minimum}`;
    }
    case "too_big": {
      const maximum = Number(issue.maximum);
      if (issue.origin === "string")
        return `too long: at most ${plural(maximum, "character")}${has(issue.input, "character")}`;
      if (issue.origin === "array")
        return `has too many items: at most ${maximum}${has(issue.input, "item")}`;
      return `must be ${issue.inclusive === false ? "less than" : "at most"} ${maximum}`;
    }
    case "invalid_format":
      if (issue.format === "email") return "must be an e-mail address such as name@example.co.uk";
      if (issue.format === "url") return "must be a web address starting with https://";
      return `is not in the expected form${"pattern" in issue && issue.pattern ? ` (${String(issue.pattern)})` : ""}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `must be exactly "${String(issue.values[0])}"`
        : `must be one of: ${issue.values.map(String).join(", ")}`;
    case "unrecognized_keys":
      return issue.keys.length === 1
        ? `"${issue.keys[0]}" is not a field here: remove it or correct its spelling`
        : `${issue.keys.map((key) => `"${key}"`).join(", ")} are not fields here: remove them or correct their spelling`;
    default:
      return undefined;
  }
}

/** "Paragraphs" → "paragraph": the word for one item of a list, in lower case. */
function itemWord(listLabel: string): string {
  const word = listLabel.toLowerCase().split(" ").at(-1) ?? "item";
  return word.endsWith("ies") ? `${word.slice(0, -3)}y` : word.endsWith("s") ? word.slice(0, -1) : "item";
}

/** The field labels along an issue's path: ["paragraphs", 0] → ["Paragraphs", "paragraph 1"]. */
export function labelsOf(schema: z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  const labels: string[] = [];
  let current: z.core.$ZodType | undefined = schema;
  for (const segment of path) {
    const core = current ? unwrap(current, z.globalRegistry).core : undefined;
    const def = core?._zod.def as {
      type?: string;
      shape?: Record<string, z.core.$ZodType>;
      element?: z.core.$ZodType;
    };
    if (typeof segment === "number") {
      labels.push(`${itemWord(labels.at(-1) ?? "items")} ${segment + 1}`);
      current = def?.type === "array" ? def.element : undefined;
    } else {
      const key = String(segment);
      const property = def?.type === "object" ? def.shape?.[key] : undefined;
      labels.push((property && unwrap(property, z.globalRegistry).meta.title) ?? humanize(key));
      current = property;
    }
  }
  return labels;
}

/** One line for the owner: where (field labels) and what is wrong. */
export function describeIssue(schema: z.core.$ZodType, issue: Issue): string {
  const labels = labelsOf(schema, issue.path);
  const field = issue.path.findLast((segment) => typeof segment === "string");
  let message = issue.message;
  // Schema messages often start with the field's own name ("phone must be…"): the label says it.
  if (typeof field === "string" && message.startsWith(`${field} `)) message = message.slice(field.length + 1);
  return labels.length > 0 ? `${labels.join(" → ")}: ${message}` : message;
}

const RAW = new WeakMap<object, z.core.$ZodType>();

export type OwnerSchema<S extends z.core.$ZodType> = z.ZodPipe<
  z.ZodUnknown,
  z.ZodTransform<z.output<S>, unknown>
>;

/**
 * The schema (classic zod or zod/mini), parsing exactly as before, whose issues read as
 * `describeIssue` writes them. The content editor's config is generated from the schema inside
 * (`rawSchema`).
 */
export function withOwnerMessages<S extends z.core.$ZodType>(schema: S): OwnerSchema<S> {
  const wrapped = z.unknown().transform((input, ctx) => {
    const result = z.safeParse(schema, input, { error: ownerMessage });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.issues.push({
        code: "custom",
        message: describeIssue(schema, issue),
        path: [...issue.path],
        input,
      });
    }
    return z.NEVER;
  });
  RAW.set(wrapped, schema);
  return wrapped;
}

/** The schema `withOwnerMessages` wrapped, or the schema itself. */
export function rawSchema(schema: z.core.$ZodType): z.core.$ZodType {
  return RAW.get(schema) ?? schema;
}

type WithOwnerMessages<C> = C extends { schema: infer S extends z.core.$ZodType }
  ? Omit<C, "schema"> & { schema: OwnerSchema<S> }
  : C;

/**
 * Every collection with its schema wrapped by `withOwnerMessages`, so a collection added to
 * src/content.config.ts reports to the owner in the same words with no further work.
 */
export function withOwnerMessagesAll<T extends Record<string, { schema?: unknown }>>(
  collections: T,
): { [K in keyof T]: WithOwnerMessages<T[K]> } {
  return Object.fromEntries(
    Object.entries(collections).map(([name, collection]) => [
      name,
      collection.schema instanceof z.core.$ZodType
        ? { ...collection, schema: withOwnerMessages(collection.schema) }
        : collection,
    ]),
  ) as { [K in keyof T]: WithOwnerMessages<T[K]> };
}
