import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRoute, GetStaticPaths } from "astro";
import sharp from "sharp";
import { DESK_ICON_SIZES } from "../../lib/desk-app";

export const getStaticPaths: GetStaticPaths = () =>
  DESK_ICON_SIZES.map((size) => ({ params: { size: String(size) } }));

/**
 * The installed desk's icon at each size the manifest names: the site's own icon (public/favicon.svg,
 * one source for both), drawn as PNG at build time because installers ask for PNG.
 */
export const GET: APIRoute = async ({ params }) => {
  const size = Number(params.size);
  const svg = readFileSync(join(process.cwd(), "public", "favicon.svg"));
  const png = await sharp(svg, { density: Math.ceil((72 * size) / 36) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png" } });
};
