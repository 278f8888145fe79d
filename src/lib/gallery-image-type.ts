/**
 * Recognises the accepted image formats by their leading bytes (magic numbers), never by name or
 * declared type. Browser-safe.
 */

export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/avif" | "image/gif";

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

const AVIF_BRANDS = new Set(["avif", "avis"]);

/** The image type of `bytes` (at least the first 32 bytes of a file), or null when it is none we accept. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (
    bytes.length >= 8 &&
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((value, index) => bytes[index] === value)
  ) {
    return "image/png";
  }
  if (bytes.length >= 6 && ["GIF87a", "GIF89a"].includes(ascii(bytes, 0, 6))) return "image/gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return "image/webp";
  }
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    // ISO-BMFF: a 4-byte box size, 'ftyp', the major brand, a minor version, then compatible brands.
    const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
    const end = Math.min(boxSize, bytes.length);
    if (AVIF_BRANDS.has(ascii(bytes, 8, 12))) return "image/avif";
    for (let offset = 16; offset + 4 <= end; offset += 4) {
      if (AVIF_BRANDS.has(ascii(bytes, offset, offset + 4))) return "image/avif";
    }
  }
  return null;
}
