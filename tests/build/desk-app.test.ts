/**
 * The lead desk installs as the owner's app (docs/lead-desk.md, "On the owner's phone"): the desk's
 * page links its web app manifest, the manifest names the desk as its start and scope with PNG icons
 * of 192 and 512 px, and no public page links it (the marketing site is not the app).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { builtPages, DIST } from "../../scripts/lib/dist";

const manifestLink = /<link rel="manifest" href="([^"]+)"/;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("the desk links its manifest: standalone, opening on the desk, with 192 and 512 px PNG icons", () => {
  const desk = readFileSync(join(DIST, "contact-admin.html"), "utf8");
  const href = manifestLink.exec(desk)?.[1];
  expect(href).toBe("/desk.webmanifest");
  const manifest = JSON.parse(readFileSync(join(DIST, href!), "utf8")) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Glenbrae Roofing & Roughcasting: lead desk",
    short_name: "Lead desk",
    start_url: "/contact-admin",
    scope: "/contact-admin",
    display: "standalone",
  });
  expect(manifest.icons.map((icon) => [icon.sizes, icon.type])).toEqual([
    ["192x192", "image/png"],
    ["512x512", "image/png"],
  ]);
  for (const icon of manifest.icons) {
    const size = Number(icon.sizes.split("x")[0]);
    expect(pngSize(readFileSync(join(DIST, icon.src))), icon.src).toEqual({ width: size, height: size });
  }
  expect(desk).toContain('<link rel="apple-touch-icon" href="/icons/desk-192.png"');
});

test("no other page links the desk's manifest", () => {
  const linking = builtPages()
    .filter(({ file }) => manifestLink.test(readFileSync(file, "utf8")))
    .map(({ path }) => path);
  expect(linking).toEqual(["/contact-admin"]);
});
