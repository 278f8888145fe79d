/**
 * Real ZIP files for tests (local headers, central directory, end record), so DOCX checks meet
 * what Word writes. Entries are stored, or deflated when `deflate` is set.
 */
import { crc32, deflateRawSync } from "node:zlib";

export interface ZipFileEntry {
  name: string;
  data: Uint8Array | string;
  deflate?: boolean;
}

const bytesOf = (data: Uint8Array | string) =>
  typeof data === "string" ? new TextEncoder().encode(data) : data;

export function zip(entries: readonly ZipFileEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = bytesOf(entry.data);
    const method = entry.deflate ? 8 : 0;
    const stored = entry.deflate ? deflateRawSync(raw) : Buffer.from(raw);
    const name = Buffer.from(entry.name, "utf8");
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const DOCX_CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const DOCM_CONTENT_TYPES = DOCX_CONTENT_TYPES.replace(
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
  "application/vnd.ms-word.document.macroEnabled.main+xml",
);
const DOCUMENT = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Survey of the roof</w:t></w:r></w:p></w:body></w:document>`;

/** The entries of a Word document: content types, relationships, the document, and filler to `size`. */
function wordEntries(contentTypes: string, extra: ZipFileEntry[] = []): ZipFileEntry[] {
  return [
    { name: "[Content_Types].xml", data: contentTypes, deflate: true },
    { name: "_rels/.rels", data: "<Relationships/>", deflate: true },
    { name: "word/document.xml", data: DOCUMENT, deflate: true },
    ...extra,
  ];
}

/** A ZIP of `entries` padded with a stored filler entry to exactly `size` bytes when it is smaller. */
function padded(entries: ZipFileEntry[], size: number | undefined): Uint8Array {
  if (size === undefined) return zip(entries);
  const filler = (length: number): ZipFileEntry => ({
    name: "word/media/filler.bin",
    data: new Uint8Array(length),
  });
  const overhead = zip([...entries, filler(0)]).length;
  return size > overhead ? zip([...entries, filler(size - overhead)]) : zip(entries);
}

export const docx = (size?: number) => padded(wordEntries(DOCX_CONTENT_TYPES), size);
/** A macro-enabled document (.docm) however it is named: its content types say so. */
export const docm = (size?: number) =>
  padded(wordEntries(DOCM_CONTENT_TYPES, [{ name: "word/vbaProject.bin", data: new Uint8Array(64) }]), size);
/** A DOCX that carries a VBA project but declares plain content types. */
export const docxWithVbaProject = () =>
  zip(wordEntries(DOCX_CONTENT_TYPES, [{ name: "word/vbaProject.bin", data: new Uint8Array(64) }]));
/** A .docm renamed: macro-enabled content type, no vbaProject.bin entry. */
export const docxWithMacroContentType = () => zip(wordEntries(DOCM_CONTENT_TYPES));
/** A ZIP whose bytes mention `[Content_Types].xml` and `word/` but whose directory holds no Word document. */
export const zipPosingAsDocx = () =>
  zip([
    { name: "notes.txt", data: "[Content_Types].xml word/document.xml" },
    { name: "payload/run.hta", data: "<script>alert(1)</script>" },
  ]);
