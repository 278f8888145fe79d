/**
 * What an attachment really is, judged by its first bytes (docs/design.md, Attachments and the request limit), and what its original
 * name may look like. Only images, PDF, DOC and DOCX are accepted; SVG is not (it can carry script).
 */
import { DOCX_TYPE, sniffFileType } from "../../../src/lib/file-signature.ts";

export interface DetectedType {
  mime: string;
  /** Images and PDF are shown in the browser; Word files are downloaded. */
  inline: boolean;
}

const DOWNLOADED = new Set(["application/msword", DOCX_TYPE]);

/** The type of a whole file (src/lib/file-signature.ts), or null when it is none of the accepted kinds. */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  const mime = sniffFileType(bytes);
  return mime ? { mime, inline: !DOWNLOADED.has(mime) } : null;
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
