/**
 * docs/reference.md is what scripts/lib/reference-doc.ts makes from the code: the routes from each
 * function's `config`, the schedules, the stores and the tables. `npm run docs:reference` writes it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { REFERENCE_DOC, referenceDoc } from "../../scripts/lib/reference-doc.ts";
import { scheduledFunctions } from "../../scripts/lib/schedules.ts";
import { FUNCTION_ROUTES } from "./function-routes.ts";

const list = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...(value as readonly T[])] : [value as T];

test("docs/reference.md lists exactly what the code declares", async () => {
  const made = await prettierFormat(
    referenceDoc(
      FUNCTION_ROUTES.map((route) => ({
        name: route.name,
        paths: route.paths,
        methods: route.methods,
        excluded: list(route.config.excludedPath),
      })),
      scheduledFunctions(join(import.meta.dirname, "..", "..", "netlify", "functions")),
    ),
  );
  if (process.env.UPDATE_REFERENCE === "1") writeFileSync(REFERENCE_DOC, made);
  expect(readFileSync(REFERENCE_DOC, "utf8")).toBe(made);
});

async function prettierFormat(markdown: string): Promise<string> {
  const prettier = await import("prettier");
  const options = (await prettier.resolveConfig(REFERENCE_DOC)) ?? {};
  return prettier.format(markdown, { ...options, filepath: REFERENCE_DOC });
}
