import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { maildevSmtpPort, maildevWebPort } from "./tests/e2e/helpers/maildev.ts";

/** System Chromium (docs/architecture.md, Toolchain and commands): CHROMIUM_PATH, else Debian's, else Playwright's own if installed. */
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

const port = Number(process.env.E2E_PORT ?? 8890);
const baseURL = `http://localhost:${port}`;
/** The served site's throw-away PostgreSQL: tests that seed leads at scale write to it directly. */
const databasePort = port + 300;
process.env.E2E_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${databasePort}/records`;

/** Specs about the phone layout: the phone project runs them, the desktop project does not. */
const PHONE_ONLY = "**/*.phone.spec.ts";
/** Specs whose subject differs by width: both projects run them. */
const BOTH_WIDTHS = [
  "action-bar.spec.ts", // nothing under a fixed button, on each layout
  "desk-today.spec.ts", // the signed-in desk's own header and Today, screenshots at each width
  "keyboard.spec.ts", // skip link, visible focus and 24 × 24 px targets on each layout's controls
  "lead-desk-chart.spec.ts", // twelve weeks inside the screen, no labels overlapping
  "price-guide.spec.ts", // the journey by keyboard on each layout, screenshots at each width
  "services-carousel.spec.ts", // the centred slide follows the slides' widths
].map((file) => `**/${file}`);
/**
 * Specs that load the served site at scale (fifty quotes at once): they run after every other spec,
 * on their own, so the functions they keep busy do not slow another spec's waits into a retry.
 */
const AT_SCALE = "**/lead-records.spec.ts";
/** Lighthouse on one page per template: the very last, alone, so the machine is quiet while it measures. */
const LIGHTHOUSE = "**/lighthouse.spec.ts";

export default defineConfig({
  testDir: "tests/e2e",
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // Which spec runs on which project (docs/quality.md, "Browser tests: which width"):
  // - every spec runs on the desktop project (1280 px), once: behaviour, HTTP and the admin screens
  //   do not change with the width;
  // - a spec named *.phone.spec.ts is about the phone layout (side menu, folded panels, fitting
  //   390 px) and runs on the phone project only;
  // - the specs in BOTH_WIDTHS check what differs by width (keyboard order, the chart and the
  //   carousel's layout, screenshots made at each width) and run on both.
  // - the specs in AT_SCALE run once both others are done, on the desktop project's settings;
  // - LIGHTHOUSE runs last of all (scripts/audit.ts on the site served here).
  // A project with dependencies runs them first: to run one of its specs alone, add --no-deps.
  // A test never skips itself by project: a new spec lands in one of these places.
  projects: [
    {
      name: "desktop",
      testIgnore: [PHONE_ONLY, AT_SCALE, LIGHTHOUSE],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "phone",
      testMatch: [PHONE_ONLY, ...BOTH_WIDTHS],
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } },
    },
    {
      name: "at-scale",
      testMatch: AT_SCALE,
      dependencies: ["desktop", "phone"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    // No retry: the audit measures a slow page again itself and judges it by the median of three.
    { name: "lighthouse", testMatch: LIGHTHOUSE, dependencies: ["at-scale"], retries: 0 },
  ],
  webServer: [
    {
      command: `maildev --ip 127.0.0.1 --smtp ${maildevSmtpPort} --web-ip 127.0.0.1 --web ${maildevWebPort} --silent`,
      url: `http://127.0.0.1:${maildevWebPort}/api/healthz`,
      timeout: 60_000,
      reuseExistingServer: !process.env.CI,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The production build served by the Netlify CLI, with Functions, local Blobs and a throw-away
      // PostgreSQL, the sample gallery seeded into both first. Explicit inner ports let several
      // checkouts run their suites side by side.
      command: `node scripts/with-database.ts sh -c "npm run seed && exec netlify serve --offline --port ${port} --staticServerPort ${port + 100} --functions-port ${port + 200}"`,
      url: baseURL,
      timeout: 240_000,
      reuseExistingServer: !process.env.CI,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        SMTP_URL: `smtp://127.0.0.1:${maildevSmtpPort}`,
        // The suite sends many quotes from this machine: exempt loopback from the per-client
        // attachment quota (honoured only under the Netlify CLI; docs/security.md, "Abuse limits").
        QUOTA_EXEMPT_LOOPBACK: "true",
        LOCAL_DB_PORT: String(databasePort),
      },
    },
  ],
});
