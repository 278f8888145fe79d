/**
 * The lead desk as the owner's app, as served (docs/lead-desk.md, "On the owner's phone"): the desk's
 * page links a manifest the site serves as a web app manifest, with icons that load. The build's
 * own check (tests/build/desk-app.test.ts) reads the same files in dist/.
 */
import { expect, test } from "@playwright/test";

test("/contact-admin links a web app manifest that is served with its icons", async ({ page, request }) => {
  await page.goto("/contact-admin");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/desk.webmanifest");
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    start_url: string;
    display: string;
    icons: { src: string }[];
  };
  expect(manifest).toMatchObject({ start_url: "/contact-admin", display: "standalone" });
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"], icon.src).toBe("image/png");
  }
});
