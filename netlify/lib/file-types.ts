/**
 * What an attachment really is, judged by its first bytes (DESIGN.md §4), and what its original
 * name may look like. Only images, PDF, DOC and DOCX are accepted; SVG is not (it can carry script).
 */

export interface DetectedType {
  mime: string;
  /** Images and PDF are shown in the browser; Word files are downloaded. */
  inline: boolean;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const HEIF_BRANDS: Record<string, string> = {
  heic: "image/heic",
  heix: "image/heic",
  hevc: "image/heic",
  heim: "image/heic",
  heis: "image/heic",
  mif1: "image/heif",
  msf1: "image/heif",
  avif: "image/avif",
  avis: "image/avif",
};

function includesAscii(bytes: Uint8Array, text: string): boolean {
  const needle = ascii(text);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** The type of a whole file, or null when it is none of the accepted kinds. */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", inline: true };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: "image/png", inline: true };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) {
    return { mime: "image/gif", inline: true };
  }
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8))
    return { mime: "image/webp", inline: true };
  if (startsWith(bytes, ascii("ftyp"), 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    const mime = HEIF_BRANDS[brand];
    if (mime) return { mime, inline: true };
  }
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return { mime: "image/tiff", inline: true };
  }
  if (startsWith(bytes, ascii("BM")) && bytes.length > 14) return { mime: "image/bmp", inline: true };
  if (startsWith(bytes, ascii("%PDF-"))) return { mime: "application/pdf", inline: true };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return { mime: "application/msword", inline: false };
  }
  // A DOCX is a ZIP whose (uncompressed) entry names include [Content_Types].xml and word/.
  if (
    startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) &&
    includesAscii(bytes, "[Content_Types].xml") &&
    includesAscii(bytes, "word/")
  ) {
    return { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", inline: false };
  }
  return null;
}

export const FILE_NAME_MAX_LENGTH = 200;

/**
 * The original name as it may be kept (as metadata only, never as a key): NFC, trimmed, at most
 * FILE_NAME_MAX_LENGTH characters, no path separators, no "..", no control characters.
 * Returns null when the name is not acceptable.
 */
export function cleanFileName(name: unknown): string | null {
  if (typeof name !== "string") return null;
  const value = name.normalize("NFC").trim();
  if (value.length === 0 || value.length > FILE_NAME_MAX_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\/]/.test(value) || value.includes("\uFFFD")) return null;
  if (value === "." || value.startsWith("..")) return null;
  return value;
}

/** `Content-Disposition` with an ASCII fallback and the exact name in RFC 5987 form. */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
