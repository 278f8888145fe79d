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

const u16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;

/** One entry of a ZIP's central directory: its name and where its local header is. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_LENGTH = 22;
const MAX_ZIP_COMMENT = 0xffff;

/**
 * The entries of a ZIP file, read from its central directory (the list at the end that every ZIP
 * reader trusts), or null when the file has no consistent one. Names are read as Latin-1: every name
 * that matters here is ASCII.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return null;
  const lowest = Math.max(0, bytes.length - EOCD_LENGTH - MAX_ZIP_COMMENT);
  for (let end = bytes.length - EOCD_LENGTH; end >= lowest; end--) {
    if (u32(bytes, end) !== EOCD_SIGNATURE) continue;
    if (end + EOCD_LENGTH + u16(bytes, end + 20) !== bytes.length) continue;
    const count = u16(bytes, end + 10);
    const size = u32(bytes, end + 12);
    const offset = u32(bytes, end + 16);
    if (offset + size > end) return null;
    const entries: ZipEntry[] = [];
    let at = offset;
    for (let i = 0; i < count; i++) {
      if (at + 46 > end || u32(bytes, at) !== CENTRAL_SIGNATURE) return null;
      const nameLength = u16(bytes, at + 28);
      const next = at + 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
      if (next > end) return null;
      entries.push({
        name: toAscii(bytes, at + 46, at + 46 + nameLength),
        method: u16(bytes, at + 10),
        compressedSize: u32(bytes, at + 20),
        localHeaderOffset: u32(bytes, at + 42),
      });
      at = next;
    }
    return entries;
  }
  return null;
}

/** A DOCX: a ZIP whose central directory holds `[Content_Types].xml` and `word/document.xml`. */
function isDocx(bytes: Uint8Array): boolean {
  const names = new Set(zipEntries(bytes)?.map((entry) => entry.name));
  return names.has("[Content_Types].xml") && names.has("word/document.xml");
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
 * A DOCX is told from other ZIPs by its central directory, at the end of the file: pass the whole
 * file for Word documents. Macros are the server's check (netlify/lib/uploads/file-types.ts).
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
  if (isDocx(bytes)) return DOCX_TYPE;
  return null;
}

/** The gallery image type of `bytes` (at least the first 32 bytes of a file), or null when it is none we accept. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const type = sniffFileType(bytes);
  return (GALLERY_IMAGE_TYPES as readonly (string | null)[]).includes(type) ? (type as ImageType) : null;
}
