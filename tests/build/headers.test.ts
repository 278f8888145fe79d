/**
 * The header rules the build writes (dist/_headers beside netlify.toml), read with the parser the
 * Netlify CLI serves them with (a dependency of netlify-cli). tests/e2e/headers.spec.ts checks the
 * headers as served.
 */
import { join, relative, sep } from "node:path";
import { parseAllHeaders, type Header } from "@netlify/headers-parser";
import { expect, test } from "vitest";
import { builtPages, DIST } from "../../scripts/lib/dist";

test("Cross-Origin-Opener-Policy: the built rules send /admin/ same-origin-allow-popups alone and every other page same-origin alone", async () => {
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [join(DIST, "_headers")],
    netlifyConfigPath: join(DIST, "..", "netlify.toml"),
    configHeaders: [],
    minimal: false,
  });
  expect(errors).toEqual([]);
  // Every rule that matches a path is applied: two rules carrying the header would send it twice
  // (or joined into one value no browser accepts).
  const rules = headers as Header[];
  const openerPolicies = (path: string) =>
    rules
      .filter((rule) => rule.forRegExp.test(path))
      .flatMap((rule) =>
        Object.entries(rule.values)
          .filter(([name]) => name.toLowerCase() === "cross-origin-opener-policy")
          .map(([, value]) => value),
      );
  for (const path of ["/admin/", "/admin", "/admin/index.html"]) {
    expect(openerPolicies(path), path).toEqual(["same-origin-allow-popups"]);
  }
  const pages = builtPages();
  expect(pages.map((page) => page.path)).toContain("/");
  for (const page of pages) {
    // The page's path, and its file's (what the Netlify CLI matches rules against).
    const file = `/${relative(DIST, page.file).split(sep).join("/")}`;
    expect.soft(openerPolicies(page.path), page.path).toEqual(["same-origin"]);
    expect.soft(openerPolicies(file), file).toEqual(["same-origin"]);
  }
});
