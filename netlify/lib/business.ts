/**
 * The contractor's details from content/business.yaml, for functions (the pages read the same file
 * through Astro's content collection). netlify.toml ships the file with the functions
 * (`included_files`); deployed it sits under the function's task root, locally under the project.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { BusinessSchema } from "../../src/lib/content-schemas.ts";

export type BusinessDetails = ReturnType<typeof BusinessSchema.parse>;

const BUSINESS_FILE = join("content", "business.yaml");

let cached: BusinessDetails | undefined;

function businessFilePath(): string {
  const roots = [process.env.LAMBDA_TASK_ROOT, process.cwd()].filter((root): root is string => !!root);
  const found = roots.map((root) => join(root, BUSINESS_FILE)).find((path) => existsSync(path));
  if (!found) throw new Error(`${BUSINESS_FILE} was not shipped with the function`);
  return found;
}

/** Parsed and checked with the schema the build uses; read once per function instance. */
export function businessDetails(): BusinessDetails {
  if (!cached) {
    const file = parse(readFileSync(businessFilePath(), "utf8")) as { details?: unknown };
    cached = BusinessSchema.parse(file.details);
  }
  return cached;
}
