/**
 * What an attachment really is, judged by its bytes (docs/uploads.md), and what its original name may
 * look like. Only images, PDF, DOC and DOCX are accepted; SVG is not (it can carry script), nor is a
 * Word document with macros or with links to files outside it (docs/security.md, "Attachments").
 */
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

export function externalLinksRefused(name: string) {
  return new HttpError(
    415,
    `${name} links to files outside the document (such as a template or picture on the internet), which we cannot accept. Please send it as a PDF instead.`,
  );
}

/** Names Word gives to documents and templates that may hold macros. */
export const isMacroEnabledName = (name: string) => /\.(docm|dotm)$/i.test(name.trim());

const MACRO_ENTRY = /(^|\/)(vbaProject\.bin|vbaData\.xml)$/i;
const MACRO_CONTENT_TYPE = /macroEnabled|vnd\.ms-office\.vbaProject/i;
/** [Content_Types].xml and the .rels parts are a few kB; anything far larger is not Word's. */
const PACKAGE_XML_MAX_BYTES = 1024 * 1024;

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
    if (entry.method === 0) return data.length <= PACKAGE_XML_MAX_BYTES ? data : null;
    // zlib loads with the first Word document, not with every function that names a file.
    if (entry.method === 8)
      return process
        .getBuiltinModule("node:zlib")
        .inflateRawSync(data, { maxOutputLength: PACKAGE_XML_MAX_BYTES });
  } catch {
    return null;
  }
  return null;
}

/**
 * The text of an XML part as an XML parser reads it: UTF-16 (little or big endian) by its byte
 * order mark or its first `<`, else the encoding its declaration names, else UTF-8. null when the
 * bytes are not valid in that encoding.
 */
export function decodeXml(bytes: Uint8Array): string | null {
  const [a, b, c] = [bytes[0], bytes[1], bytes[2]];
  let encoding = "utf-8";
  if (a === 0xff && b === 0xfe) encoding = "utf-16le";
  else if (a === 0xfe && b === 0xff) encoding = "utf-16be";
  else if (a === 0x3c && b === 0x00) encoding = "utf-16le";
  else if (a === 0x00 && b === 0x3c) encoding = "utf-16be";
  else if (!(a === 0xef && b === 0xbb && c === 0xbf)) {
    const declared = /^<\?xml[^>]*\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
      Buffer.from(bytes.subarray(0, 200)).toString("latin1"),
    )?.[1];
    if (declared) encoding = declared.toLowerCase();
  }
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** An attribute value with its character and entity references replaced (`&#80;` is "P"). */
function unescapeXml(value: string): string | null {
  if (/&(?!(#x[0-9a-f]+|#[0-9]+|[a-z]+);)/i.test(value)) return null;
  let bad = false;
  const text = value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (_, ref: string) => {
    if (ref[0] !== "#") return NAMED_ENTITIES[ref] ?? ((bad = true), "");
    const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    if (!(code >= 0 && code <= 0x10ffff)) return ((bad = true), "");
    return String.fromCodePoint(code);
  });
  return bad ? null : text;
}

export interface XmlElement {
  /** The local name, without any namespace prefix ("Override", "Relationship"). */
  name: string;
  attributes: Map<string, string>;
}

/**
 * The elements of a small XML part with their attributes decoded, enough for the package parts of
 * a Word document; null when it is not well-formed enough to read, or declares a DTD (Open Packaging
 * forbids one, and its entities could spell a content type this reader would not see).
 */
export function xmlElements(text: string): XmlElement[] | null {
  const body = text.replace(/^\uFEFF/, "").replace(/<!--[\s\S]*?-->/g, "");
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) return null;
  const elements: XmlElement[] = [];
  const tag =
    /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^\s=<>/]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*\/?>/g;
  for (const match of body.matchAll(tag)) {
    const attributes = new Map<string, string>();
    for (const attribute of match[3]!.matchAll(/([^\s=<>/]+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/g)) {
      const value = unescapeXml(attribute[2] ?? attribute[3] ?? "");
      if (value === null) return null;
      attributes.set(attribute[1]!.replace(/^[^:]*:/, ""), value);
    }
    elements.push({ name: match[2]!, attributes });
  }
  // Every start tag of the elements that matter must have been read: one this reader cannot parse
  // makes the part unreadable rather than invisible.
  const counted = (names: RegExp) => elements.filter((element) => names.test(element.name)).length;
  const opened = body.match(/<([A-Za-z_][\w.-]*:)?(Default|Override|Relationship)(?=[\s/>])/g)?.length ?? 0;
  if (opened !== counted(/^(Default|Override|Relationship)$/)) return null;
  return elements;
}

/** The elements of each ZIP entry whose name passes `wanted`; null when any cannot be read. */
function packageParts(bytes: Uint8Array, wanted: (name: string) => boolean): XmlElement[][] | null {
  const parts: XmlElement[][] = [];
  for (const entry of zipEntries(bytes) ?? []) {
    if (!wanted(entry.name)) continue;
    const raw = zipEntryBytes(bytes, entry);
    const text = raw && decodeXml(raw);
    const elements = text === null || text === undefined ? null : xmlElements(text);
    if (!elements) return null;
    parts.push(elements);
  }
  return parts;
}

/**
 * Whether a DOCX carries macros: a VBA project among its entries, or a macro-enabled content type
 * declared in [Content_Types].xml (a .docm renamed to .docx), read as XML whatever its encoding and
 * with its character references decoded. null when no [Content_Types].xml can be read: no document
 * Word wrote.
 */
export function docxHasMacros(bytes: Uint8Array): boolean | null {
  const entries = zipEntries(bytes) ?? [];
  if (entries.some((entry) => MACRO_ENTRY.test(entry.name))) return true;
  // Part names compare without regard to ASCII case (Open Packaging Conventions).
  const parts = packageParts(bytes, (name) => name.toLowerCase() === "[content_types].xml");
  if (!parts || parts.length === 0) return null;
  return parts.some((elements) =>
    elements.some(
      (element) =>
        (element.name === "Default" || element.name === "Override") &&
        MACRO_CONTENT_TYPE.test(element.attributes.get("ContentType") ?? ""),
    ),
  );
}

/**
 * Whether a DOCX points outside itself: any relationship in any of its .rels parts with
 * TargetMode="External": a remote template (opened, and fetched, by Word without asking), a linked
 * picture or object, a hyperlink. null when a .rels part cannot be read.
 */
export function docxHasExternalRelationships(bytes: Uint8Array): boolean | null {
  const parts = packageParts(bytes, (name) => /\.rels$/i.test(name));
  if (!parts) return null;
  return parts.some((elements) =>
    elements.some(
      (element) =>
        element.name === "Relationship" &&
        (element.attributes.get("TargetMode") ?? "").trim().toLowerCase() === "external",
    ),
  );
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
    if (detected.mime === DOCX_TYPE) {
      const external = docxHasExternalRelationships(bytes);
      if (external === null) throw notAnAcceptedType(name);
      if (external) throw externalLinksRefused(name);
    }
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
