/**
 * npm run audit: Lighthouse (mobile, simulated throttling, system Chromium) on every page of the
 * sitemap, served from the production build by the Netlify CLI through a compressing layer (Netlify's CDN
 * compresses; the CLI does not). The home page is run three times and its median run counts; so
 * does any page whose first run is below the bar. Fails below 95 Performance, below 100
 * Accessibility, Best Practices or SEO, above 0.02 CLS, or for a first contentful paint more than
 * 10 % after the home page's, judged on runs paired with the home page's (docs/quality.md, "First
 * paint"). JSON reports go to
 * reports/lighthouse/ (git-ignored); the table is printed and written into docs/quality.md.
 *
 * Environment: AUDIT_PORT (default 8870) for the server it starts; AUDIT_SITE_PORT to audit instead
 * the production build a Netlify CLI already serves on that local port (the browser tests' own,
 * tests/e2e/lighthouse.spec.ts), through the compressing layer on AUDIT_PORT; AUDIT_URL to audit any
 * running server as it answers; CHROME_PATH (default /usr/bin/chromium); AUDIT_PATHS (e.g.
 * "/services,/contact") to audit only those sitemap pages while working on them, without touching
 * the table in docs/quality.md.
 *
 * `--templates` (what `npm test` runs): one page per template instead of every page — each page
 * that is a template of its own, and of the pages built from one template (a service, a town) the
 * one with the most HTML, the heaviest the template makes. Pages of one template share their
 * scripts, styles and layout and differ in text, so their scores move together; the full run
 * (`npm run audit`) still measures every page and writes the table.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { heaviestPerTemplate } from "./lib/dist.ts";
import { markdownTable, printTable, writeQualityBlock } from "./lib/quality-doc.ts";
import { compressedFront, serveProduction, type Server } from "./lib/serve.ts";

const MIN_SCORES = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 } as const;
const MAX_CLS = 0.02;
const HOME_RUNS = 3;
/** A page may paint at most this much later than the home page (FCP, simulated). */
const MAX_FCP_RATIO = 1.1;
/** Runs of a page that looks late, each right after a run of the home page: judged by their median ratio. */
const FCP_PAIRS = 5;
const TRACE_ATTEMPTS = 3;
const CATEGORIES = Object.keys(MIN_SCORES) as (keyof typeof MIN_SCORES)[];
const REPORTS = join(import.meta.dirname, "..", "reports", "lighthouse");
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"];
/**
 * Two gatherers that feed no score are left out, which saves about 2 s a page: the back/forward
 * cache check (`bf-cache`, weight 0, it navigates away and back) and the full-page screenshot
 * (shown only in the HTML report, which the audit does not write).
 */
const UNSCORED = { skipAudits: ["bf-cache"], disableFullPageScreenshot: true };

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

async function sitemapPaths(base: string): Promise<string[]> {
  const locs = async (url: string) => {
    const response = await fetch(new URL(new URL(url).pathname, base));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.trim());
  };
  const sitemaps = await locs(new URL("/sitemap-index.xml", base).href);
  const urls = (await Promise.all(sitemaps.map(locs))).flat();
  return urls.map((url) => new URL(url).pathname);
}

function score(result: Result, category: keyof typeof MIN_SCORES): number {
  return Math.round((result.categories[category]?.score ?? 0) * 100);
}

function metric(result: Result, id: string): number {
  return result.audits[id]?.numericValue ?? Number.NaN;
}

function failures(result: Result): string[] {
  const problems: string[] = [];
  for (const category of CATEGORIES) {
    if (score(result, category) < MIN_SCORES[category]) {
      const failed = Object.values(result.audits)
        .filter(
          (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative",
        )
        .filter((audit) =>
          result.categories[category]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
        )
        .map((audit) => audit.id);
      problems.push(
        `${category} ${score(result, category)} < ${MIN_SCORES[category]} (${failed.join(", ")})`,
      );
    }
  }
  const cls = metric(result, "cumulative-layout-shift");
  if (!(cls <= MAX_CLS)) problems.push(`CLS ${cls.toFixed(3)} > ${MAX_CLS}`);
  return problems;
}

/**
 * How much later than the home page a page paints, as the median of FCP_PAIRS ratios, each of a
 * run of the page right after a run of the home page. On 2 shared cores a single run's simulated
 * paint drifts with the machine's load (0.77 s to 0.91 s for one page between clean runs); a run of
 * the home page just before moves with it, as bench:cold pairs a function with the floor.
 */
async function pairedFcpRatio(url: string, home: string, port: number): Promise<number> {
  const ratios: number[] = [];
  for (let run = 0; run < FCP_PAIRS; run++) {
    const before = metric(await audit(home, port), "first-contentful-paint");
    ratios.push(metric(await audit(url, port), "first-contentful-paint") / before);
  }
  ratios.sort((a, b) => a - b);
  return ratios[Math.floor(ratios.length / 2)]!;
}

/**
 * One Lighthouse run. Chromium now and then fails to record the trace (NO_NAVSTART); such a run
 * measured nothing, so it is repeated rather than counted.
 */
async function audit(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ...UNSCORED,
    });
    if (!outcome) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = outcome.lhr.runtimeError;
    if (!error) return outcome.lhr;
    if (attempt >= TRACE_ATTEMPTS) throw new Error(`${url}: ${error.message}`);
    console.warn(`${url}: ${error.code}, running again`);
  }
}

/** Of each template's pages, the one whose HTML is largest (as served). */
async function onePerTemplate(base: string, paths: readonly string[]): Promise<string[]> {
  const bytes = new Map<string, number>();
  for (const path of paths)
    bytes.set(path, (await (await fetch(new URL(path, base))).arrayBuffer()).byteLength);
  return heaviestPerTemplate(paths, (path) => bytes.get(path)!);
}

async function main() {
  const only = process.env.AUDIT_PATHS?.split(",").map((path) => path.trim());
  const templatesOnly = process.argv.includes("--templates");
  let server: Server | undefined;
  const port = Number(process.env.AUDIT_PORT ?? 8870);
  const sitePort = process.env.AUDIT_SITE_PORT;
  const base =
    process.env.AUDIT_URL ??
    (server = sitePort
      ? await compressedFront(port, Number(sitePort))
      : await serveProduction(port, { compressed: true })).url;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  mkdirSync(REPORTS, { recursive: true });
  const rows: string[][] = [];
  const problems: string[] = [];
  // First paints later than MAX_FCP_RATIO allows, measured again in pairs with the home page.
  const late: string[] = [];
  try {
    const sitemap = await sitemapPaths(base);
    if (sitemap.length === 0) throw new Error("The sitemap lists no pages");
    const paths = only
      ? sitemap.filter((path) => only.includes(path))
      : templatesOnly
        ? await onePerTemplate(base, sitemap)
        : sitemap;
    const unknown = only?.filter((path) => !sitemap.includes(path)) ?? [];
    if (unknown.length > 0) throw new Error(`Not in the sitemap: ${unknown.join(", ")}`);
    // The home page first: every other page's first paint is compared with its.
    let homeFcp = Number.NaN;
    const lateFcp = (result: Result) =>
      Number.isFinite(homeFcp) && metric(result, "first-contentful-paint") > homeFcp * MAX_FCP_RATIO;
    for (const path of [...paths].sort((a, b) => Number(b === "/") - Number(a === "/"))) {
      const runs = path === "/" ? HOME_RUNS : 1;
      const results: Result[] = [];
      for (let run = 0; run < runs; run++) {
        results.push(await audit(new URL(path, base).href, chrome.port));
      }
      // On a shared machine one slow run is noise: a page below the bar, or painting late, is
      // measured again and judged, like the home page, by the median of three.
      if (runs === 1 && (failures(results[0]!).length > 0 || lateFcp(results[0]!))) {
        for (let run = 1; run < HOME_RUNS; run++)
          results.push(await audit(new URL(path, base).href, chrome.port));
      }
      const result = results.length > 1 ? (computeMedianRun(results) as Result) : results[0]!;
      const fcp = metric(result, "first-contentful-paint");
      if (path === "/") homeFcp = fcp;
      else if (lateFcp(result)) {
        const ratio = await pairedFcpRatio(new URL(path, base).href, new URL("/", base).href, chrome.port);
        if (ratio > MAX_FCP_RATIO)
          late.push(
            `${path}: first contentful paint ${Math.round((ratio - 1) * 100)} % after the home page's (median of ${FCP_PAIRS} runs each paired with one of the home page), more than ${Math.round((MAX_FCP_RATIO - 1) * 100)} %`,
          );
      }
      const name = path === "/" ? "home" : path.slice(1).replaceAll("/", "_");
      writeFileSync(join(REPORTS, `${name}.json`), JSON.stringify(result));
      const cls = metric(result, "cumulative-layout-shift");
      rows.push([
        results.length > 1 ? `\`${path}\` (median of ${results.length})` : `\`${path}\``,
        ...CATEGORIES.map((category) => String(score(result, category))),
        `${(fcp / 1000).toFixed(2)} s`,
        `${(metric(result, "largest-contentful-paint") / 1000).toFixed(1)} s`,
        `${Math.round(metric(result, "total-blocking-time"))} ms`,
        cls.toFixed(3),
      ]);
      problems.push(...failures(result).map((problem) => `${path}: ${problem}`));
      console.log(`${path}: ${CATEGORIES.map((c) => score(result, c)).join(" / ")}`);
    }
  } finally {
    chrome.kill();
    await server?.stop();
  }

  const header = [
    "Page",
    "Performance",
    "Accessibility",
    "Best Practices",
    "SEO",
    "FCP",
    "LCP",
    "TBT",
    "CLS",
  ];
  printTable(
    header,
    rows.map((row) => row.map((cell) => cell.replaceAll("`", ""))),
  );
  const note =
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, ` +
    `mobile, simulated throttling, system Chromium; bars: Performance ≥ ${MIN_SCORES.performance}, ` +
    `the others ${MIN_SCORES.accessibility}, CLS ≤ ${MAX_CLS}; first paint at most ${Math.round((MAX_FCP_RATIO - 1) * 100)} % after the home page's; ` +
    `served through a compressing layer, as Netlify's CDN compresses (Brotli).`;
  if (!only && !templatesOnly)
    await writeQualityBlock("lighthouse", `${markdownTable(header, rows)}\n\n${note}`);
  problems.push(...late);
  if (problems.length > 0) {
    console.error(`\nBelow the bar:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log(`\nAll ${rows.length} pages meet the bar. Reports in reports/lighthouse/`);
  }
}

await main();
