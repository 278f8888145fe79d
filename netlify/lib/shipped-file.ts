/**
 * Files the functions read at run time (content they parse, the PDF fonts). The build ships each
 * with the functions whose code reads it (scripts/lib/function-build.ts, `FILES_READ_BY`, which names
 * every module that calls this); deployed it sits under the function's task root, locally under the
 * project.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";

/** The absolute path of `relative` (a path from the project's root), or an error naming it. */
export function shippedFile(relative: string): string {
  const roots = [process.env.LAMBDA_TASK_ROOT, process.cwd()].filter((root): root is string => !!root);
  const found = roots.map((root) => join(root, relative)).find((path) => existsSync(path));
  if (!found) throw new Error(`${relative} was not shipped with the function`);
  return found;
}
