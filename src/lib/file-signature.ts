/**
 * The one magic-byte sniffer: what a file is, judged by its leading bytes (magic numbers), never by
 * name or declared type. Quote attachments (netlify/lib/uploads/file-types.ts) accept every kind below; gallery
 * uploads only the web image formats (sniffImageType). SVG is never accepted (it can carry script).
 * Browser-safe.
 */

const GALLERY_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"] as const;
export type ImageType = (typeof GALLERY_IMAGE_TYPES)[number];

export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const toAscii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));
const codes = (text: string) => [...text].map((c) => c.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: readonly number[] | string, offset = 0) => {
  const expected = typeof signature === "string" ? codes(signature) : signature;
  return bytes.length >= offset + expected.length && expected.every((byte, i) => bytes[offset + i] === byte);
};

function includesAscii(bytes: Uint8Array, text: string): boolean {
  const needle = codes(text);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const AVIF_BRANDS = new Set(["avif", "avis"]);
const HEIF_BRANDS: Record<string, string> = {
  heic: "image/heic",
  heix: "image/heic",
  hevc: "image/heic",
  heim: "image/heic",
  heis: "image/heic",
  mif1: "image/heif",
  msf1: "image/heif",
};

/** ISO-BMFF: a 4-byte box size, 'ftyp', the major brand, a minor version, then compatible brands. */
function isoMediaType(bytes: Uint8Array): string | null {
  const major = toAscii(bytes, 8, 12);
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  const end = Math.min(boxSize, bytes.length);
  const brands = [major];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(toAscii(bytes, offset, offset + 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return "image/avif";
  return HEIF_BRANDS[major] ?? null;
}

/**
 * The MIME type of a file from its first bytes, or null when it is none of the accepted kinds.
 * A DOCX is told from other ZIPs by its entry names, so pass the whole file for Word documents.
 */
export function sniffFileType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a")) return "image/gif";
  if (startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8)) return "image/webp";
  if (bytes.length >= 12 && startsWith(bytes, "ftyp", 4)) return isoMediaType(bytes);
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return "image/tiff";
  }
  if (startsWith(bytes, "BM") && bytes.length > 14) return "image/bmp";
  if (startsWith(bytes, "%PDF-")) return "application/pdf";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "application/msword";
  // A DOCX is a ZIP whose (uncompressed) entry names include [Content_Types].xml and word/.
  if (
    startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) &&
    includesAscii(bytes, "[Content_Types].xml") &&
    includesAscii(bytes, "word/")
  ) {
    return DOCX_TYPE;
  }
  return null;
}

/** The gallery image type of `bytes` (at least the first 32 bytes of a file), or null when it is none we accept. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const type = sniffFileType(bytes);
  return (GALLERY_IMAGE_TYPES as readonly (string | null)[]).includes(type) ? (type as ImageType) : null;
}
