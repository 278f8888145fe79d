/**
 * npm run audit:deps (scripts/audit-deps.ts) runs the real `npm audit` against a stand-in for the
 * registry's advisory database, started here: high and critical advisories in production
 * dependencies fail it, advisories below the bar or in development tools do not, and an advisory
 * database that cannot be asked fails it with a message saying the check did not run.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { judgeAudit } from "../../scripts/lib/audit-report.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** What the stand-in answers to the next audit: advisories by package, or an HTTP error. */
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: Server;
let registry: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.method === "GET") {
        // npm reads the packument of each package an advisory names: the installed version is enough.
        const name = decodeURIComponent(req.url!.slice(1));
        try {
          const { version } = JSON.parse(
            readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8"),
          ) as { version: string };
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end(
            JSON.stringify({
              name,
              "dist-tags": { latest: version },
              versions: { [version]: { name, version } },
            }),
          );
        } catch {
          res.writeHead(404).end();
        }
        return;
      }
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(answer.status === 200 ? JSON.stringify(answer.body) : "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  registry = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const dir of caches) rmSync(dir, { recursive: true, force: true });
});

const advisory = (severity: string) => [
  {
    id: 1_000_001,
    url: "https://github.com/advisories/GHSA-test-test-test",
    title: `A ${severity} test advisory`,
    severity,
    vulnerable_versions: ">=0.0.0",
    cwe: [],
    cvss: { score: 0, vectorString: null },
  },
];

const caches: string[] = [];
function cacheDir(): string {
  caches.push(mkdtempSync(join(tmpdir(), "audit-deps-cache-")));
  return caches.at(-1)!;
}

function auditDeps(env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, "scripts", "audit-deps.ts")], {
      cwd: ROOT,
      env: {
        ...process.env,
        npm_config_registry: registry,
        // A cache of its own per run: npm keeps the advisories it was last given.
        npm_config_cache: cacheDir(),
        ...env,
      },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += String(chunk)));
    child.stderr.on("data", (chunk: Buffer) => (output += String(chunk)));
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("npm run audit:deps", () => {
  test("runs in npm test before the unit, browser and Lighthouse tests", () => {
    expect(pkg.scripts["audit:deps"]).toBe("node scripts/audit-deps.ts");
    const steps = pkg.scripts.test!.split("&&").map((step) => step.trim());
    const audit = steps.findIndex((step) => step.startsWith("npm run audit:deps"));
    expect(audit).toBeGreaterThan(-1);
    expect(audit).toBeLessThan(steps.indexOf("npm run test:unit"));
  });

  test("passes when no production dependency has an advisory", async () => {
    answer = { status: 200, body: {} };
    const { code, output } = await auditDeps();
    expect(output).toContain("no high or critical advisory");
    expect(code).toBe(0);
  }, 60_000);

  test.each(["high", "critical"])(
    "fails on a %s advisory in a production dependency, naming it",
    async (severity) => {
      expect(pkg.dependencies).toHaveProperty("yaml");
      answer = { status: 200, body: { yaml: advisory(severity) } };
      const { code, output } = await auditDeps();
      expect(output).toMatch(new RegExp(`yaml \\(${severity}`));
      expect(code).toBe(1);
    },
    60_000,
  );

  test("lists a moderate advisory without failing, and ignores development tools", async () => {
    expect(pkg.devDependencies).toHaveProperty("vitest");
    answer = { status: 200, body: { yaml: advisory("moderate"), vitest: advisory("critical") } };
    const { code, output } = await auditDeps();
    expect(output).toMatch(/Below the bar.*yaml \(moderate/);
    expect(output).not.toContain("vitest");
    expect(code).toBe(0);
  }, 60_000);

  test("fails, saying the check did not run, when the advisory database cannot be asked", async () => {
    answer = { status: 405, body: null };
    const refused = await auditDeps();
    expect(refused.output).toContain("Dependency audit NOT RUN");
    expect(refused.code).toBe(2);
    const warned = await auditDeps({ AUDIT_DEPS_UNREACHABLE: "warn" });
    expect(warned.output).toContain("Dependency audit NOT RUN");
    expect(warned.code).toBe(0);
  }, 60_000);

  test("an answer that is not a report is never read as a clean one", () => {
    expect(judgeAudit("")).toMatchObject({ kind: "unreachable" });
    expect(judgeAudit('{"error":{"code":"ENOTFOUND","summary":"getaddrinfo ENOTFOUND"}}')).toEqual({
      kind: "unreachable",
      reason: "getaddrinfo ENOTFOUND",
    });
    expect(judgeAudit('{"vulnerabilities":{}}')).toMatchObject({ kind: "unreachable" });
  });
});
