import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIResponse } from "@playwright/test";
import sharp from "sharp";
import { PRIVATE_LINK_PATHS } from "../../integrations/security-headers";
import { DIST } from "../../scripts/lib/dist";
import { allPagePaths, requestPath } from "./helpers/site";

const SIX_MONTHS_SECONDS = 182 * 24 * 60 * 60;

/** "script-src 'self' 'sha256-…'" → Map of directive → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

function expectSecurityHeaders(response: APIResponse, label: string) {
  const headers = response.headers();
  const csp = directives(headers["content-security-policy"] ?? "");
  expect.soft(csp.get("frame-ancestors"), `${label}: frame-ancestors`).toEqual(["'none'"]);
  const scriptSources = csp.get("script-src") ?? csp.get("default-src");
  expect.soft(scriptSources, `${label}: script-src`).toBeDefined();
  expect.soft(scriptSources, `${label}: no unsafe-inline scripts`).not.toContain("'unsafe-inline'");
  expect.soft(scriptSources, `${label}: no unsafe-eval`).not.toContain("'unsafe-eval'");
  const maxAge = Number(/max-age=(\d+)/.exec(headers["strict-transport-security"] ?? "")?.[1] ?? 0);
  expect.soft(maxAge, `${label}: HSTS max-age`).toBeGreaterThanOrEqual(SIX_MONTHS_SECONDS);
  expect.soft(headers["x-content-type-options"], `${label}: nosniff`).toBe("nosniff");
  // A customer's secret link sends no referrer (its own rule); the browser takes the last policy given.
  const referrer = (headers["referrer-policy"] ?? "")
    .split(",")
    .map((token) => token.trim())
    .at(-1);
  expect
    .soft(referrer, `${label}: Referrer-Policy`)
    .toBe(
      PRIVATE_LINK_PATHS.some((rule) => label.startsWith(rule.slice(0, -2)))
        ? "no-referrer"
        : "strict-origin-when-cross-origin",
    );
  for (const feature of ["camera", "microphone", "geolocation", "payment"]) {
    expect.soft(headers["permissions-policy"], `${label}: Permissions-Policy`).toContain(`${feature}=()`);
  }
}

test.describe("security headers (served by the Netlify CLI from the production build)", () => {
  test("every page, and the files beside them, carry them", async ({ request }) => {
    const assets = readdirSync(join(DIST, "_astro")).map((name) => `/_astro/${name}`);
    const paths = [
      ...allPagePaths(),
      "/robots.txt",
      "/sitemap-index.xml",
      "/og-image.png",
      "/favicon.svg",
      ...assets,
    ];
    expect(paths).toContain("/");
    for (const path of paths) {
      const response = await request.get(requestPath(path));
      expect.soft(response.status(), path).toBe(path === "/404" ? 404 : 200);
      expectSecurityHeaders(response, path);
    }
  });

  test("the CSP allows each page's inline scripts by hash and nothing inline besides", async ({
    request,
  }) => {
    for (const path of allPagePaths()) {
      const response = await request.get(requestPath(path));
      const html = await response.text();
      const allowed = directives(response.headers()["content-security-policy"] ?? "").get("script-src") ?? [];
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attrs, body]) =>
          !/\bsrc=/.test(attrs!) && !/application\/(ld\+)?json/.test(attrs!) && body!.trim(),
      );
      for (const [, , body] of inline) {
        const hash = `'sha256-${createHash("sha256").update(body!).digest("base64")}'`;
        expect.soft(allowed, `${path}: inline script ${body!.slice(0, 60)}…`).toContain(hash);
      }
    }
  });

  test.describe("function responses set their own", () => {
    for (const path of ["/api/no-such-endpoint", "/api/admin/session", "/api/admin/contact-submissions"]) {
      test(`GET ${path}`, async ({ request }) => {
        const response = await request.get(path);
        expect(response.status()).toBeLessThan(500);
        const headers = response.headers();
        expect(headers["content-type"]).toMatch(/^application\/json/);
        expect(headers["x-content-type-options"]).toBe("nosniff");
        expect(headers["cache-control"]).toContain("no-store");
        expectSecurityHeaders(response, path);
      });
    }

    test("GET a gallery image: the function headers, cached for a year", async ({ playwright, baseURL }) => {
      // Sign-in, the image pipeline and the image server each start cold here.
      test.setTimeout(60_000);
      const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
      try {
        const password = process.env.ADMIN_PASSWORD || "admin";
        expect((await api.post("/api/admin/login", { data: { password } })).status()).toBe(200);
        const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#226644" } })
          .png()
          .toBuffer();
        const upload = await api.post("/api/upload/image", {
          multipart: { image: { name: "headers.png", mimeType: "image/png", buffer: png } },
        });
        expect(upload.status()).toBe(201);
        const { imageUrl } = (await upload.json()) as { imageUrl: string };
        const image = await api.get(imageUrl);
        expect(image.status()).toBe(200);
        expectSecurityHeaders(image, imageUrl);
        expect(image.headers()["content-type"]).toBe("image/webp");
        expect(image.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(image.headers()["cross-origin-resource-policy"]).toBe("same-origin");
        expect(image.headers()["x-frame-options"]).toBe("DENY");
      } finally {
        await api.dispose();
      }
    });
  });
});

test.describe("Cross-Origin-Opener-Policy: exactly one on every page", () => {
  // The built rules behind it are read in tests/build/headers.test.ts.
  test("as served, /admin/ gets same-origin-allow-popups alone and other pages same-origin alone", async ({
    request,
  }) => {
    const served = async (path: string) =>
      (await request.get(path))
        .headersArray()
        .filter((h) => h.name.toLowerCase() === "cross-origin-opener-policy");
    expect((await served("/admin/")).map((h) => h.value)).toEqual(["same-origin-allow-popups"]);
    for (const path of ["/", "/contact", "/services/roof-repairs"]) {
      expect(
        (await served(path)).map((h) => h.value),
        path,
      ).toEqual(["same-origin"]);
    }
  });
});

test.describe("pages work under the CSP", () => {
  test("no page logs an error or a CSP violation, and every island hydrates", async ({ page }) => {
    const paths = allPagePaths();
    test.setTimeout(30_000 + paths.length * 8_000);
    const problems: string[] = [];
    let current = "";
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`${current}: console error: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`${current}: ${error.message}`));
    for (const path of paths) {
      current = path;
      await page.goto(requestPath(path), { waitUntil: "load" });
      const islands = page.locator("astro-island");
      for (let i = 0; i < (await islands.count()); i++) {
        // client:visible islands hydrate when scrolled into view; Astro drops `ssr` once hydrated.
        await islands.nth(i).scrollIntoViewIfNeeded();
        await expect
          .soft(islands.nth(i), `${path}: island ${i + 1} hydrated`)
          .not.toHaveAttribute("ssr", /.*/);
      }
    }
    // The 404 page's own status is logged as a failed resource by Chromium; that is not an error of ours.
    expect(
      problems.filter((problem) => !/^\/404: console error: Failed to load resource.*404/.test(problem)),
    ).toEqual([]);
  });
});
