/**
 * The contractor's details from content/business.yaml, for functions (the pages read the same file
 * through Astro's content collection, whose schema checks it at build time). netlify.toml ships the
 * file with the functions (`included_files`); deployed it sits under the function's task root,
 * locally under the project. The YAML parser loads on first use, keeping it off cold starts.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import type { BusinessSchema } from "../../src/lib/content-schemas.ts";

export type BusinessDetails = z.infer<typeof BusinessSchema>;

const BUSINESS_FILE = join("content", "business.yaml");

let cached: BusinessDetails | undefined;

function businessFilePath(): string {
  const roots = [process.env.LAMBDA_TASK_ROOT, process.cwd()].filter((root): root is string => !!root);
  const found = roots.map((root) => join(root, BUSINESS_FILE)).find((path) => existsSync(path));
  if (!found) throw new Error(`${BUSINESS_FILE} was not shipped with the function`);
  return found;
}

/** Read once per function instance. */
export async function businessDetails(): Promise<BusinessDetails> {
  if (!cached) {
    const { parse } = await import("yaml");
    const details = (parse(readFileSync(businessFilePath(), "utf8")) as { details?: BusinessDetails })
      .details;
    if (
      typeof details?.name !== "string" ||
      typeof details.email !== "string" ||
      typeof details.phone !== "string"
    ) {
      throw new Error(`${BUSINESS_FILE} has no details with a name, e-mail and phone`);
    }
    cached = details;
  }
  return cached;
}
