import type { APIRoute } from "astro";
import sharp from "sharp";
import { getBusiness } from "../utils/business";
import { SHARE_IMAGE } from "../lib/share-image";

/** XML-escapes text placed inside the SVG. */
function xml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The share image for link previews, drawn as SVG from the business details and rendered to PNG
 * at build time (social networks do not accept SVG). Text uses the system sans-serif font.
 */
export const GET: APIRoute = async () => {
  const business = await getBusiness();
  const { width, height } = SHARE_IMAGE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#0f253b"/>
  <rect y="${height - 18}" width="${width}" height="18" fill="#b8470f"/>
  <g transform="translate(90 120) scale(5)">
    <path d="M3 17 18 5l15 12" fill="none" stroke="#f08a4b" stroke-width="3.5" stroke-linejoin="round" stroke-linecap="round"/>
    <path d="M8 16v14h20V16" fill="none" stroke="#ffffff" stroke-width="3" stroke-linejoin="round"/>
    <rect x="15" y="21" width="6" height="9" fill="#ffffff"/>
  </g>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#ffffff">
    <text x="90" y="380" font-size="52" font-weight="700">${xml(business.name)}</text>
    <text x="90" y="450" font-size="38" fill="#dde7f2">Trusted Roofing &amp; Roughcasting Experts – UK Wide</text>
    <text x="90" y="540" font-size="40" font-weight="700" fill="#f08a4b">${xml(business.phone)}</text>
  </g>
</svg>`;
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png" } });
};
