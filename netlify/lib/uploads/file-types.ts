/**
 * What an attachment really is, judged by its bytes (docs/uploads.md), and what its original name may
 * look like. Only images, PDF, DOC and DOCX are accepted; SVG is not (it can carry script), nor is a
 * Word document with macros (docs/security.md, "Attachments").
 */
import { inflateRawSync } from "node:zlib";
import { DOCX_TYPE, sniffFileType, zipEntries } from "../../../src/lib/file-signature.ts";
import { HttpError } from "../http/http-error.ts";

export interface DetectedType {
  mime: string;
  /** Images and PDF are shown in the browser; Word files are downloaded. */
  inline: boolean;
}

const DOC_TYPE = "application/msword";
const DOWNLOADED = new Set([DOC_TYPE, DOCX_TYPE]);

/** The type of a whole file (src/lib/file-signature.ts), or null when it is none of the accepted kinds. */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  const mime = sniffFileType(bytes);
  return mime ? { mime, inline: !DOWNLOADED.has(mime) } : null;
}

export function notAnAcceptedType(name: string) {
  return new HttpError(415, `${name} is not an image, PDF or Word document`);
}

export function macrosRefused(name: string) {
  return new HttpError(
    415,
    `${name} contains macros, which we cannot accept. Please save it as a plain Word document (.docx) or a PDF.`,
  );
}

/** Names Word gives to documents and templates that may hold macros. */
export const isMacroEnabledName = (name: string) => /\.(docm|dotm)$/i.test(name.trim());

const MACRO_ENTRY = /(^|\/)(vbaProject\.bin|vbaData\.xml)$/i;
const MACRO_CONTENT_TYPE = /macroEnabled|vnd\.ms-office\.vbaProject/i;
/** [Content_Types].xml is a few kB; anything far larger is not a Word document's. */
const CONTENT_TYPES_MAX_BYTES = 1024 * 1024;

/** The bytes of a ZIP entry, or null when they cannot be read (unknown method, damaged). */
function zipEntryBytes(
  bytes: Uint8Array,
  entry: { method: number; compressedSize: number; localHeaderOffset: number },
) {
  const at = entry.localHeaderOffset;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) return null;
  try {
    if (entry.method === 0) return data;
    if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: CONTENT_TYPES_MAX_BYTES });
  } catch {
    return null;
  }
  return null;
}

/**
 * Whether a DOCX carries macros: a VBA project among its entries, or a macro-enabled content type
 * declared (a .docm renamed to .docx). null when its [Content_Types].xml cannot be read: no
 * document Word wrote.
 */
export function docxHasMacros(bytes: Uint8Array): boolean | null {
  const entries = zipEntries(bytes) ?? [];
  if (entries.some((entry) => MACRO_ENTRY.test(entry.name))) return true;
  const contentTypes = entries.find((entry) => entry.name === "[Content_Types].xml");
  const xml = contentTypes ? zipEntryBytes(bytes, contentTypes) : null;
  if (!xml) return null;
  return MACRO_CONTENT_TYPE.test(Buffer.from(xml).toString("latin1"));
}

const CFB_MACRO_STORAGES = new Set(["macros", "_vba_project_cur", "vba", "_vba_project"]);

/**
 * Whether a Word 97-2003 file (OLE compound file) holds a macro project: one of its directory
 * entries (128 bytes each, sector-aligned after the 512-byte header) is named Macros, VBA or
 * _VBA_PROJECT(_CUR).
 */
export function docHasMacros(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 512; at + 128 <= bytes.length; at += 128) {
    const nameBytes = view.getUint16(at + 64, true);
    const type = bytes[at + 66];
    if (nameBytes < 4 || nameBytes > 64 || nameBytes % 2 !== 0 || (type !== 1 && type !== 2)) continue;
    let name = "";
    for (let i = 0; i < nameBytes / 2 - 1; i++) name += String.fromCharCode(view.getUint16(at + i * 2, true));
    if (CFB_MACRO_STORAGES.has(name.toLowerCase())) return true;
  }
  return false;
}

/**
 * The type of an attachment named `name`, or a 415 when it is not an accepted kind or is a Word
 * document that may carry macros (by its name or by its content).
 */
export function acceptAttachment(name: string, bytes: Uint8Array): DetectedType {
  const detected = detectFileType(bytes);
  if (!detected) throw notAnAcceptedType(name);
  if (detected.mime === DOCX_TYPE || detected.mime === DOC_TYPE) {
    if (isMacroEnabledName(name)) throw macrosRefused(name);
    const macros = detected.mime === DOCX_TYPE ? docxHasMacros(bytes) : docHasMacros(bytes);
    if (macros === null) throw notAnAcceptedType(name);
    if (macros) throw macrosRefused(name);
  }
  return detected;
}

export const FILE_NAME_MAX_LENGTH = 200;

/**
 * Characters that change how a name looks without showing themselves: controls (C0 and C1),
 * format characters (bidi overrides and isolates, zero-width spaces and joiners, the BOM, soft
 * hyphens) and line or paragraph separators. `roof-photo\u202Egpj.hta` shows as "roof-photoath.jpg".
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** A name as it may be shown: NFC, no invisible characters, trimmed. */
export function visibleFileName(name: string): string {
  return name.normalize("NFC").replace(INVISIBLE, "").trim();
}

/**
 * The original name as it may be kept (as metadata only, never as a key): NFC, invisible format
 * characters removed, trimmed, at most FILE_NAME_MAX_LENGTH characters, no path separators, no "..",
 * no control characters. Returns null when the name is not acceptable.
 */
export function cleanFileName(name: unknown): string | null {
  if (typeof name !== "string") return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\\/]/.test(name) || name.includes("\uFFFD")) return null;
  const value = visibleFileName(name);
  if (value.length === 0 || value.length > FILE_NAME_MAX_LENGTH) return null;
  if (value === "." || value.startsWith("..")) return null;
  return value;
}

/** The extensions each accepted type may carry; the first is the one added when a name lacks it. */
const EXTENSIONS: Record<string, readonly string[]> = {
  "image/jpeg": ["jpg", "jpeg", "jpe", "jfif"],
  "image/png": ["png"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "image/avif": ["avif"],
  "image/heic": ["heic", "heif"],
  "image/heif": ["heif", "heic"],
  "image/tiff": ["tiff", "tif"],
  "image/bmp": ["bmp"],
  "application/pdf": ["pdf"],
  [DOC_TYPE]: ["doc"],
  [DOCX_TYPE]: ["docx"],
};

/**
 * The name an attachment is shown and downloaded under: visible characters only, and ending in an
 * extension of the type found in its bytes, so "invoice.pdf.exe" holding a PDF is served as
 * "invoice.pdf.exe.pdf" and opens in a PDF reader, never as a program.
 */
export function servedFileName(name: string, type: string): string {
  const visible = visibleFileName(name) || "attachment";
  const extensions = EXTENSIONS[type];
  if (!extensions) return visible;
  const dot = visible.lastIndexOf(".");
  const extension = dot > 0 ? visible.slice(dot + 1).toLowerCase() : "";
  return extensions.includes(extension) ? visible : `${visible}.${extensions[0]}`;
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
