import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUDGETS, CONTENT_EDITOR_PAGE, verdict, weighPage } from "../../scripts/budget";

const dist = mkdtempSync(join(tmpdir(), "budget-"));
mkdirSync(join(dist, "_astro"));
const noise = (n: number) => Array.from({ length: n }, (_, i) => `v${i * 7919}`).join(";");
writeFileSync(
  join(dist, "_astro", "client.js"),
  `const e=Symbol.for("react.transitional.element");${noise(500)}`,
);
writeFileSync(join(dist, "_astro", "Island.js"), `import{e}from"./client.js";export default ${noise(50)}`);
writeFileSync(join(dist, "_astro", "menu.js"), `document.body;${noise(20)}`);
writeFileSync(join(dist, "_astro", "page.css"), `body{color:red}`);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const css = `<link rel="stylesheet" href="/_astro/page.css">`;
const island = `<astro-island uid="a" component-url="/_astro/Island.js" renderer-url="/_astro/client.js"></astro-island>`;
const weigh = (path: string, html: string) => weighPage(path, html, dist, dist);

describe("weighPage", () => {
  it("counts a plain script as JS but not as framework JS", () => {
    const page = weigh("/", `${css}<script type="module" src="/_astro/menu.js"></script>`);
    expect(page).toMatchObject({ islands: 0, frameworkJsBytes: 0 });
    expect(page.jsBytes).toBeGreaterThan(0);
    expect(page.cssBytes).toBeGreaterThan(0);
    expect(verdict(page).problems).toEqual([]);
  });

  it("follows an island's component and renderer imports", () => {
    const page = weigh(
      "/services",
      `${css}${island}<script>customElements.define("astro-island",X)</script>`,
    );
    expect(page.islands).toBe(1);
    expect(page.frameworkJsBytes).toBe(page.jsBytes);
    expect(page.jsBytes).toBeGreaterThan(1000);
  });

  it("does not count code an island loads later by import()", () => {
    // Later.js alone outweighs Island.js: counted, it would make the lazy island the heavier one.
    writeFileSync(join(dist, "_astro", "Later.js"), `export default ${noise(300)}`);
    writeFileSync(
      join(dist, "_astro", "Lazy.js"),
      `import{e}from"./client.js";export default()=>import("./Later.js")`,
    );
    const lazy = `<astro-island uid="b" component-url="/_astro/Lazy.js" renderer-url="/_astro/client.js"></astro-island>`;
    const page = weigh("/contact", `${css}${lazy}`);
    const eager = weigh("/contact", `${css}${island}`);
    expect(page.jsBytes).toBeLessThan(eager.jsBytes);
  });

  it("flags React pulled into a page without islands", () => {
    const page = weigh("/about", `<script type="module">import "/_astro/Island.js";</script>`);
    expect(page.frameworkJsBytes).toBeGreaterThan(0);
    expect(verdict(page).problems[0]).toMatch(/framework JS .* without islands/);
  });

  it.each([
    ["/contact", BUDGETS.contactPageJs + 1, /JS .* > 75 kB/],
    ["/gallery", BUDGETS.islandPageJs + 1, /JS .* > 80 kB/],
    ["/gallery-admin", BUDGETS.adminPageJs + 1, /JS .* > 150 kB/],
    [CONTENT_EDITOR_PAGE, BUDGETS.contentEditorJs + 1, /JS .* > 700 kB/],
  ])("holds %s to its JS budget", (path, jsBytes, problem) => {
    const page = { path, islands: 1, jsBytes, frameworkJsBytes: jsBytes, cssBytes: 0 };
    expect(verdict(page).problems).toEqual([expect.stringMatching(problem)]);
    expect(verdict({ ...page, jsBytes: jsBytes - 1 }).problems).toEqual([]);
  });

  it("holds every page to the CSS budget", () => {
    const page = { path: "/", islands: 0, jsBytes: 0, frameworkJsBytes: 0, cssBytes: BUDGETS.css + 1 };
    expect(verdict(page).problems).toEqual([expect.stringMatching(/CSS .* > 30 kB/)]);
  });
});
