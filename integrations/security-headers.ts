/**
 * Security headers for every static response, written to dist/_headers at the end of the build.
 *
 * Astro's CSP support (security.csp) hashes each page's inline scripts and styles into a
 * <meta http-equiv="content-security-policy">. A meta policy cannot carry frame-ancestors and is
 * not a response header, so this integration reads the policies Astro emitted into the built
 * pages and publishes one header policy for the whole site: the union of the pages' script and
 * style hashes plus the directives only a header can carry. One `/*` rule also covers the 404
 * page served for unknown paths; per-path rules would be combined by Netlify into several
 * policies, each enforced.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { COMMON_SECURITY_HEADERS } from "../src/lib/security-headers.ts";

/** Directives a <meta> policy ignores (with a console error), so they go in the header only. */
const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'"];

export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_SECURITY_HEADERS,
  "Cross-Origin-Opener-Policy": "same-origin",
};

const META_CSP = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i;

/** The content of the CSP <meta> Astro put in a page, or undefined when there is none. */
export function metaPolicy(html: string): string | undefined {
  return META_CSP.exec(html)?.[1]?.replaceAll("&#39;", "'").replaceAll("&apos;", "'");
}

/** Parses "a x y; b z" into an ordered map of directive → sources. */
export function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** One policy allowing what any of the pages allows, plus the header-only directives. */
export function mergePolicies(policies: readonly string[]): string {
  const merged = new Map<string, string[]>();
  for (const policy of policies) {
    for (const [name, sources] of parsePolicy(policy)) {
      const existing = merged.get(name) ?? [];
      for (const source of sources) if (!existing.includes(source)) existing.push(source);
      merged.set(name, existing);
    }
  }
  for (const [name, sources] of parsePolicy(HEADER_ONLY_DIRECTIVES.join("; "))) merged.set(name, sources);
  return [...merged].map(([name, sources]) => [name, ...sources].join(" ")).join("; ");
}

/** The _headers file: one rule for every path. */
export function headersFile(policy: string): string {
  const lines = ["/*", `  Content-Security-Policy: ${policy}`];
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) lines.push(`  ${name}: ${value}`);
  return `${lines.join("\n")}\n`;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(".html")).map((e) => join(e.parentPath, e.name));
}

export default function securityHeaders(): AstroIntegration {
  return {
    name: "security-headers",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const policies: string[] = [];
        for (const file of await htmlFiles(outDir)) {
          const policy = metaPolicy(await readFile(file, "utf8"));
          if (!policy) throw new Error(`${file} has no CSP <meta>: is security.csp enabled?`);
          policies.push(policy);
        }
        await writeFile(join(outDir, "_headers"), headersFile(mergePolicies(policies)));
        logger.info(`Wrote _headers with a CSP merged from ${policies.length} pages`);
      },
    },
  };
}
