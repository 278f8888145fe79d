/**
 * Security headers for every static response, written to dist/_headers at the end of the build.
 *
 * Astro's CSP support (security.csp) hashes each page's inline scripts and styles into a
 * <meta http-equiv="content-security-policy">. A meta policy cannot carry frame-ancestors and is
 * not a response header, so this integration reads the policies Astro emitted into the built
 * pages and publishes one header policy for the whole site: the union of the pages' script and
 * style hashes plus the directives only a header can carry. One `/*` rule also covers the 404
 * page served for unknown paths.
 *
 * Cross-Origin-Opener-Policy is the exception: a header that must come exactly once. The site's
 * pages send `same-origin`; the content editor must send `same-origin-allow-popups`, because its
 * GitHub sign-in popup reports back to the page that opened it. Two matching rules may both be sent
 * (or joined into one invalid value), so no rule that matches /admin/ carries the pages' value: it
 * sits in one rule per built page instead of the `/*` rule.
 *
 * The content editor (/admin/, integrations/content-editor.ts) needs a policy of its own: GitHub's
 * API, the styles its script injects. Where two rules match a path, Netlify may send both policies,
 * and a browser enforces every policy it receives. So the `/*` policy is the union of the pages'
 * policy and the editor's (`unionPolicies`), never narrower than either, and each side is narrowed
 * by a policy of its own: every public page by the one Astro writes into its <meta> (exactly the
 * page's hashes), /admin/ by its `/admin/*` rule. Whether Netlify sends the editor's rule alone or
 * both, the browser enforces the editor's policy on /admin/ and each page's own on the pages.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { COMMON_SECURITY_HEADERS } from "../src/lib/security-headers.ts";
import { CONTENT_EDITOR_DIR, CONTENT_EDITOR_PATH, CONTENT_EDITOR_POLICY } from "./content-editor.ts";

/** Directives a <meta> policy ignores (with a console error), so they go in the header only. */
const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'"];

export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = { ...COMMON_SECURITY_HEADERS };

export const OPENER_POLICY_HEADER = "Cross-Origin-Opener-Policy";
/** The pages': no window they open, or that opens them, keeps a handle on them. */
export const PAGE_OPENER_POLICY = "same-origin";
/** The content editor's: the GitHub sign-in popup must reach back to the editor that opened it. */
export const CONTENT_EDITOR_OPENER_POLICY = "same-origin-allow-popups";

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

/** Where a fetch directive that a policy leaves out falls back to (CSP Level 3). */
const FALLBACK: Record<string, string[]> = {
  "script-src-elem": ["script-src", "default-src"],
  "script-src-attr": ["script-src", "default-src"],
  "style-src-elem": ["style-src", "default-src"],
  "style-src-attr": ["style-src", "default-src"],
  "worker-src": ["child-src", "script-src", "default-src"],
  "frame-src": ["child-src", "default-src"],
};
const FETCH_DIRECTIVES = new Set([
  ...Object.keys(FALLBACK),
  "child-src",
  "connect-src",
  "default-src",
  "font-src",
  "img-src",
  "manifest-src",
  "media-src",
  "object-src",
  "script-src",
  "style-src",
]);

/**
 * The sources a policy allows for a directive, following the fallbacks; undefined when the policy
 * does not restrict it at all.
 */
export function effectiveSources(policy: Map<string, string[]>, directive: string): string[] | undefined {
  const chain = [
    directive,
    ...(FALLBACK[directive] ?? (FETCH_DIRECTIVES.has(directive) ? ["default-src"] : [])),
  ];
  for (const name of chain) {
    const sources = policy.get(name);
    if (sources) return sources;
  }
  return undefined;
}

const HASH_OR_NONCE = /^'(sha(256|384|512)-|nonce-)/;

/** 'unsafe-inline' counts only without hashes, nonces or 'strict-dynamic' beside it. */
export function allowsAnyInline(sources: readonly string[]): boolean {
  return (
    sources.includes("'unsafe-inline'") &&
    !sources.some((source) => HASH_OR_NONCE.test(source) || source === "'strict-dynamic'")
  );
}

/**
 * One policy that allows everything either policy allows: for each directive the union of both
 * sides' effective sources, left out where a side does not restrict it, and without hashes where
 * a side allows any inline code (hashes would switch its 'unsafe-inline' off).
 */
export function unionPolicies(a: string, b: string): string {
  const [left, right] = [parsePolicy(a), parsePolicy(b)];
  const union = new Map<string, string[]>();
  for (const directive of new Set([...left.keys(), ...right.keys()])) {
    const sides = [effectiveSources(left, directive), effectiveSources(right, directive)];
    if (sides.some((side) => side === undefined)) continue;
    let sources = [...new Set(sides.flatMap((side) => side!))];
    if (sources.length > 1) sources = sources.filter((source) => source !== "'none'");
    if (sides.some((side) => allowsAnyInline(side!))) sources = sources.filter((s) => !HASH_OR_NONCE.test(s));
    union.set(directive, sources);
  }
  return [...union].map(([name, sources]) => [name, ...sources].join(" ")).join("; ");
}

/** A path that gets a policy of its own (the content editor). */
export interface PathPolicy {
  path: string;
  policy: string;
  headers?: Readonly<Record<string, string>>;
}

/** Whether the rule path `rule` ("/admin/*", "/about") matches the page path `page`. */
function ruleMatches(rule: string, page: string): boolean {
  if (!rule.endsWith("/*")) return rule.replace(/\/$/, "") === page.replace(/\/$/, "");
  const folder = rule.slice(0, -2);
  return page === folder || page.startsWith(`${folder}/`);
}

/**
 * The _headers file: one rule for every path, a rule for each built page (`pages`: "/", "/about",
 * "/about.html", …) with the pages' Cross-Origin-Opener-Policy, and a rule for each path with its own
 * policy. The `/*` policy is the union of all the policies (see the top of this file).
 */
export function headersFile(policy: string, pages: readonly string[], ...own: PathPolicy[]): string {
  const sitePolicy = own.reduce((union, rule) => unionPolicies(union, rule.policy), policy);
  const lines = ["/*", `  Content-Security-Policy: ${sitePolicy}`];
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) lines.push(`  ${name}: ${value}`);
  for (const page of pages) {
    // A private link's page takes its opener policy from its own rule (PRIVATE_LINK_HEADERS).
    // (Netlify matches `/visit/*` against `/visit.html` too.)
    if (PRIVATE_LINK_PATHS.some((path) => ruleMatches(path, page.replace(/\.html$/, "")))) continue;
    const overlap = own.find((rule) => ruleMatches(rule.path, page));
    if (overlap)
      throw new Error(`${page} is under ${overlap.path}, which sets its own ${OPENER_POLICY_HEADER}`);
    lines.push(page, `  ${OPENER_POLICY_HEADER}: ${PAGE_OPENER_POLICY}`);
  }
  for (const rule of own) {
    lines.push(rule.path, `  Content-Security-Policy: ${rule.policy}`);
    for (const [name, value] of Object.entries(rule.headers ?? {})) lines.push(`  ${name}: ${value}`);
  }
  return `${lines.join("\n")}\n`;
}

/** The content editor's rule: its policy, its opener policy, and no search engine may index it. */
export const CONTENT_EDITOR_HEADERS: PathPolicy = {
  path: `${CONTENT_EDITOR_PATH}/*`,
  policy: CONTENT_EDITOR_POLICY,
  headers: { [OPENER_POLICY_HEADER]: CONTENT_EDITOR_OPENER_POLICY, "X-Robots-Tag": "noindex, nofollow" },
};

/** The path a built page is served at: "index.html" → "/", "services/lead-work.html" → "/services/lead-work". */
export function pagePath(relativeFile: string): string {
  const route = relativeFile
    .split(sep)
    .join("/")
    .replace(/\.html$/, "");
  return route === "index" ? "/" : `/${route.replace(/\/index$/, "")}`;
}

/**
 * Pages whose address is a customer's secret link (a visit's, docs/visits.md; a written quote's,
 * docs/proposals.md): served for every /visit/{token} and /quote/{token} by a rewrite, their
 * scripts allowed by the site-wide policy like every page's. No referrer ever carries the token
 * elsewhere, no search engine indexes them, and their opener policy comes with these rules, since
 * the page's own rule would not match the token after its path.
 */
export const PRIVATE_LINK_PATHS = ["/visit/*", "/quote/*"];

export const PRIVATE_LINK_HEADERS = PRIVATE_LINK_PATHS.map(
  (path) => `${path}
  Referrer-Policy: no-referrer
  X-Robots-Tag: noindex, nofollow
  ${OPENER_POLICY_HEADER}: ${PAGE_OPENER_POLICY}
`,
).join("");

/** The site's pages: every HTML file but the content editor's, which is not built by Astro. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".html"))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !file.startsWith(join(dir, CONTENT_EDITOR_DIR, "/")));
}

export default function securityHeaders(): AstroIntegration {
  return {
    name: "security-headers",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const policies: string[] = [];
        const pages: string[] = [];
        for (const file of await htmlFiles(outDir)) {
          const policy = metaPolicy(await readFile(file, "utf8"));
          if (!policy) throw new Error(`${file} has no CSP <meta>: is security.csp enabled?`);
          policies.push(policy);
          const built = relative(outDir, file);
          // The page's path and its file's: the Netlify CLI matches rules against the file it serves.
          pages.push(pagePath(built), `/${built.split(sep).join("/")}`);
        }
        await writeFile(
          join(outDir, "_headers"),
          headersFile(mergePolicies(policies), pages.sort(), CONTENT_EDITOR_HEADERS) + PRIVATE_LINK_HEADERS,
        );
        logger.info(
          `Wrote _headers with a CSP merged from ${policies.length} pages, and the content editor's`,
        );
      },
    },
  };
}
