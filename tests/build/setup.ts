/** The build checks read dist/: without it there is nothing to check, and that is a failure. */
import { existsSync } from "node:fs";
import { DIST } from "../../scripts/lib/dist";

export default function setup(): void {
  if (!existsSync(DIST)) throw new Error(`${DIST} does not exist: run \`npm run build\` first`);
}
