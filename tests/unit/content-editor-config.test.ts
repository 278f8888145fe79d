/**
 * The content editor's config against the content schemas: every collection of
 * src/content.config.ts, every field of its schema, with the same required flag, choices, lengths,
 * ranges and patterns. The check below reads the schemas through zod's core classes and defs,
 * independently of the generator, and is itself shown to fail on a config that leaves a field out
 * or disagrees.
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parse } from "yaml";
import { collections } from "../../src/content.config";
import { cmsConfig, type ContentReader } from "../../src/lib/content-editor/config";
import { UnsupportedFieldError } from "../../src/lib/content-editor/fields";
import { rawSchema } from "../../src/lib/content-editor/owner-messages";
import { file, glob } from "../../src/lib/content-editor/sources";
import { contentReader, editorSettings } from "../../integrations/content-editor";

const ROOT = join(import.meta.dirname, "..", "..");
const settings = editorSettings(ROOT, "Edit the site", {});
const config = cmsConfig(collections, contentReader(ROOT), settings) as unknown as CmsConfig;

interface Field {
  name: string;
  widget: string;
  required?: boolean;
  default?: unknown;
  minlength?: number;
  maxlength?: number;
  min?: number;
  max?: number;
  value_type?: string;
  pattern?: [string, string];
  type?: string;
  options?: (string | { value: string; label: string })[];
  fields?: Field[];
  field?: Field;
}
interface CmsConfig {
  collections: {
    name: string;
    folder?: string;
    extension?: string;
    fields?: Field[];
    files?: { file: string; fields: Field[] }[];
  }[];
}

type Schema = z.core.$ZodType;
const { $ZodArray, $ZodBoolean, $ZodDefault, $ZodEnum, $ZodLiteral, $ZodNullable, $ZodNumber } = z.core;
const { $ZodObject, $ZodOptional, $ZodPipe } = z.core;

/**
 * What the schema says about a field, read with zod's core classes, which classic zod's schemas
 * (the build's) and zod/mini's (the price guide's and the visit availability's) both are.
 */
function expectation(schema: Schema) {
  let required = true;
  let current = schema;
  for (;;) {
    if (current instanceof $ZodOptional || current instanceof $ZodNullable) {
      required = false;
      current = current._zod.def.innerType;
    } else if (current instanceof $ZodDefault) {
      required = false;
      current = current._zod.def.innerType;
    } else if (current instanceof $ZodPipe) {
      current = current._zod.def.in;
    } else return { required, core: current };
  }
}

/** Every disagreement between a schema's object and a config's fields, as "path: problem". */
function compare(schema: Schema, fields: Field[] | undefined, path: string, extra: string[] = []): string[] {
  const { core } = expectation(schema);
  if (!(core instanceof $ZodObject)) return [`${path}: schema is not an object`];
  const problems: string[] = [];
  const shape = core._zod.def.shape;
  for (const [name, property] of Object.entries(shape)) {
    const field = fields?.find((f) => f.name === name);
    if (!field) problems.push(`${path}.${name}: missing from the editor`);
    else problems.push(...compareField(property, field, `${path}.${name}`));
  }
  for (const field of fields ?? []) {
    if (!(field.name in shape) && !extra.includes(field.name))
      problems.push(`${path}.${field.name}: not in the schema`);
  }
  return problems;
}

function compareField(schema: Schema, field: Field, path: string): string[] {
  const problems: string[] = [];
  const { required, core } = expectation(schema);
  const expect = (condition: boolean, problem: string) => {
    if (!condition) problems.push(`${path}: ${problem}`);
  };
  if (core instanceof $ZodLiteral) {
    expect(
      field.widget === "hidden" && core._zod.values.has(field.default as never),
      "a fixed value, kept as it is",
    );
    return problems;
  }
  expect((field.required ?? true) === required, `required should be ${required}`);
  const def = core._zod.def;
  if (def.type === "string") {
    // z.string() and its formats (z.email(), z.url()): the checks say the lengths and patterns.
    const format = (def as { format?: string }).format;
    const checks = (def.checks ?? []).map(
      (check) =>
        check._zod.def as {
          check: string;
          minimum?: number;
          maximum?: number;
          pattern?: RegExp;
          format?: string;
        },
    );
    const minLength = checks.find((check) => check.check === "min_length")?.minimum;
    const maxLength = checks.find((check) => check.check === "max_length")?.maximum;
    expect(["string", "text"].includes(field.widget), `widget ${field.widget} for text`);
    expect(field.minlength === minLength, `minlength should be ${minLength}`);
    expect(field.maxlength === maxLength, `maxlength should be ${maxLength}`);
    const patterns = checks
      .filter((check) => check.check === "string_format" && check.pattern && check.format !== format)
      .map((check) => check.pattern!.source);
    for (const pattern of patterns)
      expect(field.pattern?.[0]?.includes(pattern) ?? false, `pattern ${pattern}`);
    if (patterns.length === 0) expect(field.pattern === undefined, "no pattern");
    if (format === "email" || format === "url") expect(field.type === format, `type ${format}`);
  } else if (core instanceof $ZodNumber) {
    expect(field.widget === "number", `widget ${field.widget} for a number`);
    const checks = (def.checks ?? []).map(
      (check) => check._zod.def as { check: string; value?: number; format?: string },
    );
    const format = checks.find((check) => check.check === "number_format")?.format;
    const whole = format === "safeint" || format === "int32";
    expect((field.value_type === "int") === whole, `whole numbers only: ${whole}`);
    const values = (kind: string) =>
      checks.filter((check) => check.check === kind).map((check) => check.value!);
    const bound = (value: number) => (Number.isFinite(value) ? value : undefined);
    const min = bound(Math.max(...values("greater_than")));
    const max = bound(Math.min(...values("less_than")));
    expect(field.min === min, `min should be ${min}`);
    expect(field.max === max, `max should be ${max}`);
  } else if (core instanceof $ZodEnum) {
    expect(field.widget === "select", `widget ${field.widget} for a choice`);
    const values = (field.options ?? []).map((option) =>
      typeof option === "string" ? option : option.value,
    );
    const choices = Object.values(core._zod.def.entries);
    expect(JSON.stringify(values) === JSON.stringify(choices), `choices should be ${choices.join(", ")}`);
  } else if (core instanceof $ZodBoolean) {
    expect(field.widget === "boolean", `widget ${field.widget} for yes/no`);
  } else if (core instanceof $ZodArray) {
    expect(field.widget === "list", `widget ${field.widget} for a list`);
    const checks = (def.checks ?? []).map(
      (check) => check._zod.def as { check: string; minimum?: number; maximum?: number },
    );
    const min = checks.find((check) => check.check === "min_length")?.minimum;
    const max = checks.find((check) => check.check === "max_length")?.maximum;
    expect(field.min === min, `at least ${min} items`);
    expect(field.max === max, `at most ${max} items`);
    const itemSchema = core._zod.def.element;
    const element = expectation(itemSchema).core;
    if (element instanceof $ZodObject) problems.push(...compare(element, field.fields, `${path}[]`));
    else if (field.field) problems.push(...compareField(itemSchema, field.field, `${path}[]`));
    else problems.push(`${path}: list items have no field`);
  } else if (core instanceof $ZodObject) {
    expect(field.widget === "object", `widget ${field.widget} for a group`);
    problems.push(...compare(core, field.fields, path));
  } else {
    problems.push(`${path}: ${def.type} is not checked by this test`);
  }
  return problems;
}

/** Every disagreement between content.config's collections and a CMS config. */
function disagreements(cms: CmsConfig): string[] {
  const problems: string[] = [];
  for (const [name, collection] of Object.entries(collections)) {
    const schema = rawSchema(collection.schema as Schema);
    const entry = cms.collections.find((c) => c.name === name);
    if (!entry) {
      problems.push(`${name}: collection missing from the editor`);
      continue;
    }
    if (entry.fields) problems.push(...compare(schema, entry.fields, name, ["body"]));
    for (const file of entry.files ?? []) {
      for (const object of file.fields)
        problems.push(...compare(schema, object.fields, `${name}.${object.name}`));
    }
  }
  return problems;
}

describe("the editor's config (generated from src/content.config.ts)", () => {
  it("has every collection, every field, and agrees with the schemas", () => {
    expect(config.collections.map((c) => c.name)).toEqual(Object.keys(collections));
    expect(disagreements(config)).toEqual([]);
  });

  it("the check above fails when a field is missing or disagrees", () => {
    const broken = structuredClone(config);
    const faq = broken.collections.find((c) => c.name === "faq")!;
    faq.fields = faq.fields!.filter((field) => field.name !== "answer");
    faq.fields.find((field) => field.name === "question")!.maxlength = 500;
    const business = broken.collections.find((c) => c.name === "business")!.files![0]!.fields[0]!;
    business.fields!.find((field) => field.name === "phone")!.required = false;
    broken.collections = broken.collections.filter((c) => c.name !== "legal");
    expect(disagreements(broken)).toEqual([
      "business.details.phone: required should be true",
      "faq.question: maxlength should be 160",
      "faq.answer: missing from the editor",
      "legal: collection missing from the editor",
    ]);
  });

  it("covers every file under content/", () => {
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) =>
        statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [relative(ROOT, join(dir, name))],
      );
    })(join(ROOT, "content"));
    const covered = (path: string) =>
      config.collections.some(
        (c) =>
          c.files?.some((f) => f.file === path) ||
          (c.folder !== undefined &&
            path === `${c.folder}/${path.split("/").at(-1)}` &&
            path.endsWith(`.${c.extension}`)),
      );
    expect(files.filter((path) => !covered(path))).toEqual([]);
  });

  it("names every existing entry of a data file, and edits the legal pages' text", () => {
    const areas = config.collections.find((c) => c.name === "areas")!.files![0]!;
    expect(areas.fields.map((field) => field.name)).toEqual(
      Object.keys(parse(contentReader(ROOT).read("content/areas.yaml")) as object),
    );
    const legal = config.collections.find((c) => c.name === "legal")!;
    expect(legal.fields!.at(-1)).toMatchObject({ name: "body", widget: "markdown" });
    // Services keep their words in the front matter: no text box that would be thrown away.
    expect(config.collections.find((c) => c.name === "services")!.fields!.map((f) => f.name)).not.toContain(
      "body",
    );
  });

  it("names a town's file after its slug, so the build's check that they agree holds", () => {
    expect(config.collections.find((c) => c.name === "towns")).toMatchObject({
      folder: "content/towns",
      slug: "{{fields.slug}}",
      identifier_field: "name",
    });
  });

  it("signs in with GitHub through Netlify, on the repository and branch of the environment", () => {
    const deployed = editorSettings(ROOT, "x", {
      REPOSITORY_URL: "https://github.com/glenbrae/website",
      CMS_PUBLISH_MODE: "simple",
    });
    expect(deployed).toMatchObject({
      repo: "glenbrae/website",
      repoKnown: true,
      branch: "main",
      publishMode: "simple",
    });
    expect(editorSettings(ROOT, "x", { CMS_GITHUB_REPO: "a/b", CMS_BRANCH: "live" })).toMatchObject({
      repo: "a/b",
      branch: "live",
      publishMode: "editorial_workflow",
    });
    expect(cmsConfig(collections, contentReader(ROOT), deployed)).toMatchObject({
      backend: {
        name: "github",
        repo: "glenbrae/website",
        branch: "main",
        base_url: "https://api.netlify.com",
      },
      publish_mode: "simple",
    });
  });
});

describe("a collection added later gets a form with no further work", () => {
  const files: Record<string, string> = {
    "content/prices.yaml":
      "roof-repair:\n  job: Roof repair\n  from: 250\ngutters:\n  job: Gutters\n  from: 120\n",
    "content/steps.yaml": "- id: survey\n  title: Survey\n",
  };
  const reader: ContentReader = {
    read: (path) => files[path]!,
    list: (folder) =>
      Object.keys(files)
        .filter((p) => p.startsWith(`${folder}/`))
        .map((p) => p.slice(folder.length + 1)),
  };
  const generate = (extra: Record<string, { loader: unknown; schema: z.ZodType }>) =>
    cmsConfig(extra, reader, settings) as unknown as CmsConfig;

  it("maps a data file of keyed entries, with dates, yes/no and variants", () => {
    const PriceSchema = z.strictObject({
      job: z.string().min(3),
      from: z.number().int().min(0),
      reviewed: z.date().optional(),
      photosNeeded: z.boolean().default(false),
      band: z
        .discriminatedUnion("kind", [
          z.object({ kind: z.literal("range"), low: z.number(), high: z.number() }),
          z.object({ kind: z.literal("from"), low: z.number() }),
        ])
        .optional(),
    });
    const cms = generate({ priceGuide: { loader: file("content/prices.yaml"), schema: PriceSchema } });
    const [entry, second] = cms.collections[0]!.files![0]!.fields;
    expect(entry).toMatchObject({ name: "roof-repair", label: "Roof repair", widget: "object" });
    expect(second).toMatchObject({ name: "gutters", label: "Gutters", widget: "object" });
    expect(entry!.fields).toEqual([
      expect.objectContaining({ name: "job", widget: "string", minlength: 3 }),
      expect.objectContaining({ name: "from", widget: "number", value_type: "int", min: 0 }),
      expect.objectContaining({ name: "reviewed", widget: "datetime", required: false }),
      expect.objectContaining({ name: "photosNeeded", widget: "boolean", required: false, default: false }),
      expect.objectContaining({
        name: "band",
        widget: "object",
        typeKey: "kind",
        types: [
          expect.objectContaining({
            name: "range",
            fields: [expect.objectContaining({ name: "low" }), expect.objectContaining({ name: "high" })],
          }),
          expect.objectContaining({ name: "from", fields: [expect.objectContaining({ name: "low" })] }),
        ],
      }),
    ]);
  });

  it("maps a data file that is a list of entries with ids", () => {
    const cms = generate({
      steps: { loader: file("content/steps.yaml"), schema: z.strictObject({ title: z.string() }) },
    });
    expect(cms.collections[0]!.files![0]!.fields[0]).toMatchObject({
      name: "items",
      widget: "list",
      root: true,
    });
  });

  it("stops the build, naming the field, for a type it has no form for", () => {
    expect(() =>
      generate({
        priceGuide: {
          loader: file("content/prices.yaml"),
          schema: z.strictObject({ bands: z.record(z.string(), z.number()) }),
        },
      }),
    ).toThrow(
      new UnsupportedFieldError(
        'priceGuide → bands: zod type "record" has no form field in the content editor',
      ),
    );
  });

  it("stops the build for a collection whose loader it cannot place", () => {
    expect(() =>
      generate({
        odd: {
          loader: glob({ pattern: "**/*.md", base: "content/odd" }),
          schema: z.object({ a: z.string() }),
        },
      }),
    ).toThrow(/collection "odd" must use the file\(\) or glob/);
  });
});
