/**
 * The handler idiom as a rule on the source (docs/architecture.md): every function ends in the one error
 * response, and code below the handlers refuses by throwing, never by building a refusal itself.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const FUNCTIONS = join(ROOT, "netlify", "functions");
const LIB = join(ROOT, "netlify", "lib");

const read = (path: string) => readFileSync(path, "utf8");

it("every function ends in toErrorResponse, or answers through scheduledRun", () => {
  const files = readdirSync(FUNCTIONS).filter((file) => file.endsWith(".mts"));
  expect(files.length).toBeGreaterThan(20);
  const without = files.filter(
    (file) => !/\b(toErrorResponse|scheduledRun)\(/.test(read(join(FUNCTIONS, file))),
  );
  expect(without).toEqual([]);
});

it("lib code outside netlify/lib/http/ never builds an error response: it throws an HttpError", () => {
  const modules = readdirSync(LIB, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => join(LIB, file))
    .filter((path) => !relative(LIB, path).startsWith("http"));
  expect(modules.length).toBeGreaterThan(20);
  const building = modules.filter((path) => /\b(errorResponse|methodNotAllowed)\b/.test(read(path)));
  expect(building.map((path) => relative(ROOT, path))).toEqual([]);
});
