/**
 * npm run audit:deps: the production dependencies against the npm registry's advisory database
 * (`npm audit --omit=dev --audit-level=high`; policy in docs/dependencies.md, "Vulnerable
 * dependencies"). Part of `npm test`, before the slow parts.
 *
 * Exit codes: 0 no high or critical advisory (moderate and low ones are listed), 1 at least one,
 * 2 the advisory database could not be asked: a check that did not run is never a pass. Where the
 * registry in use has no audit endpoint (some mirrors, and the CI machine's), `--if-reachable` or
 * AUDIT_DEPS_UNREACHABLE=warn turns exit 2 into a warning that says the dependencies were not
 * checked; `npm test` passes `--if-reachable`, so an advisory found still fails the suite.
 */
import { spawnSync } from "node:child_process";
import { judgeAudit, SEVERITIES } from "./lib/audit-report.ts";

function main(): number {
  const run = spawnSync("npm", ["audit", "--omit=dev", "--audit-level=high", "--json"], {
    encoding: "utf8",
    env: process.env,
  });
  const outcome = judgeAudit(run.stdout ?? "", run.stderr ?? "");
  if (outcome.kind === "unreachable") {
    const warnOnly = process.env.AUDIT_DEPS_UNREACHABLE === "warn" || process.argv.includes("--if-reachable");
    console.error(
      [
        "Dependency audit NOT RUN: the npm registry's advisory database could not be asked.",
        `  ${outcome.reason}`,
        "  The production dependencies were not checked for known vulnerabilities.",
        warnOnly
          ? "  Continuing (--if-reachable or AUDIT_DEPS_UNREACHABLE=warn): run it where the registry answers audits."
          : "  Run it where the registry answers audits (registry.npmjs.org does), or set AUDIT_DEPS_UNREACHABLE=warn to go on without it.",
      ].join("\n"),
    );
    return warnOnly ? 0 : 2;
  }
  const { counts, failing, other } = outcome;
  const summary = SEVERITIES.map((severity) => `${counts[severity]} ${severity}`).join(", ");
  if (other.length) console.log(`Below the bar (fix per docs/dependencies.md): ${other.join("; ")}`);
  if (failing.length) {
    console.error(`Production dependencies with high or critical advisories: ${failing.join("; ")}`);
    console.error(`(${summary}.) Run \`npm audit --omit=dev\` for the advisories and fixes.`);
    return 1;
  }
  console.log(`Production dependencies: no high or critical advisory (${summary}).`);
  return 0;
}

process.exitCode = main();
