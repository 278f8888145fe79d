/** Writes src/generated/content-index.ts from content/ before any test imports it (integrations/content-index.ts). */
import { join } from "node:path";
import { writeContentIndex } from "../../integrations/content-index";

export default function setup(): void {
  writeContentIndex(join(import.meta.dirname, "..", ".."));
}
