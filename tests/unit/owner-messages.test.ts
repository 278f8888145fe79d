/** Build errors in the owner's words: which field, what is wrong (src/lib/content-editor/owner-messages.ts). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { BusinessSchema, FaqItemSchema, TownSchema } from "../../src/lib/content-schemas";
import { withOwnerMessages } from "../../src/lib/content-editor/owner-messages";

const ROOT = join(import.meta.dirname, "..", "..");
const read = (path: string) => parse(readFileSync(join(ROOT, path), "utf8")) as Record<string, unknown>;
const doune = read("content/towns/doune.yaml");
const business = (read("content/business.yaml") as { details: Record<string, unknown> }).details;
const faq = read("content/faq/areas-covered.yaml");

function messages(schema: Parameters<typeof withOwnerMessages>[0], input: unknown): string[] {
  const result = withOwnerMessages(schema).safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("withOwnerMessages", () => {
  it("parses good content exactly as the schema does", () => {
    expect(withOwnerMessages(TownSchema).parse(doune)).toEqual(TownSchema.parse(doune));
    expect(withOwnerMessages(BusinessSchema).parse(business)).toEqual(BusinessSchema.parse(business));
  });

  it.each<[string, Parameters<typeof withOwnerMessages>[0], unknown, string]>([
    [
      "a town paragraph too short",
      TownSchema,
      { ...doune, paragraphs: ["Slate roofs.", ...(doune.paragraphs as string[]).slice(1)] },
      "Paragraphs → paragraph 1: too short: write at least 200 characters (it has 12 characters)",
    ],
    [
      "one paragraph where two are needed",
      TownSchema,
      { ...doune, paragraphs: (doune.paragraphs as string[]).slice(0, 1) },
      "Paragraphs: needs at least 2 items (it has 1 item)",
    ],
    [
      "a missing phone number",
      BusinessSchema,
      { ...business, phone: undefined },
      "Phone number: missing: this must be filled in",
    ],
    [
      "a phone number that is not one",
      BusinessSchema,
      { ...business, phone: "call us" },
      "Phone number: must be a UK number such as 07700 900412",
    ],
    [
      "an e-mail address that is not one",
      BusinessSchema,
      { ...business, email: "info at glenbrae" },
      "E-mail address: must be an e-mail address such as name@example.co.uk",
    ],
    [
      "a year as text",
      BusinessSchema,
      { ...business, foundedYear: "2009" },
      'Year founded: should be a number, not the text "2009"',
    ],
    [
      "a field nested in a group",
      BusinessSchema,
      { ...business, address: { ...(business.address as object), postcode: "fk8" } },
      "Address → Postcode: must be a full UK postcode such as FK8 3DN",
    ],
    [
      "a council that is not one",
      TownSchema,
      { ...doune, council: "Stirlingshire" },
      "Council area: must be one of Scotland's 32 council areas (src/lib/towns.ts)",
    ],
    [
      "a misspelt field",
      FaqItemSchema,
      { ...faq, anwser: "x" },
      '"anwser" is not a field here: remove it or correct its spelling',
    ],
    [
      "an empty answer",
      FaqItemSchema,
      { ...faq, answer: "" },
      "Answer: is empty: write at least 20 characters",
    ],
    [
      "a question without a question mark",
      FaqItemSchema,
      { ...faq, question: "Which areas do you cover" },
      "Question: must end with a question mark",
    ],
  ])("says which field and what is wrong: %s", (_label, schema, input, message) => {
    expect(messages(schema, input)).toContain(message);
  });

  it("keeps the path of each problem, for the file's line number in the build's output", () => {
    const result = withOwnerMessages(TownSchema).safeParse({ ...doune, paragraphs: ["short", "short"] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path)).toEqual([
      ["paragraphs", 0],
      ["paragraphs", 1],
    ]);
  });
});
