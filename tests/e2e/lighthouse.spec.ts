/**
 * The Lighthouse bar on one page per template (scripts/audit.ts --templates), as the browser suite's
 * last project (`lighthouse` in playwright.config.ts): it runs once every other spec has finished,
 * alone on a quiet machine, against the production build the suite already serves, through the
 * compressing layer, so `npm test` starts the site once rather than twice. `npm run audit` measures
 * every page with a server of its own.
 */
import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";

test("Lighthouse: every template's page meets the bar (npm run audit -- --templates)", async ({
  baseURL,
}) => {
  test.setTimeout(15 * 60_000);
  const sitePort = new URL(baseURL!).port;
  const audit = spawn(process.execPath, ["scripts/audit.ts", "--templates"], {
    env: {
      ...process.env,
      AUDIT_SITE_PORT: sitePort,
      // Beside the ports the suite's servers use (playwright.config.ts: +100, +200, +300, +700, +701).
      AUDIT_PORT: String(Number(sitePort) + 400),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Its table and any page below the bar, in the suite's output.
  audit.stdout.on("data", (chunk: Buffer) => process.stdout.write(chunk));
  audit.stderr.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    audit.once("error", reject);
    audit.once("exit", resolve);
  });
  expect(code, "scripts/audit.ts --templates failed: its output above names the page or the error").toBe(0);
});
