/**
 * How the business's PDFs are drawn: the written quote (netlify/lib/proposals/proposal-pdf.ts) and
 * the documents of getting paid (netlify/lib/payments/payment-pdf.ts) share these fonts, this A4
 * page and this writer, so they read as one set. Text is real text in embedded Noto Sans
 * (selectable, searchable, £ and accented names right): the Latin and Latin Extended files of
 * @fontsource/noto-sans, each character drawn in the first of them that has it. @cantoo/pdf-lib
 * with @cantoo/fontkit: pure JavaScript, so it bundles into a function.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fontkit from "@cantoo/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "@cantoo/pdf-lib";
import type { DocumentBusiness } from "../../../src/lib/proposals/quote-document.ts";
import { shippedFile } from "../shipped-file.ts";

const FONT_DIR = join("node_modules", "@fontsource", "noto-sans", "files");
const fontFile = (subset: "latin" | "latin-ext", weight: 400 | 700) =>
  join(FONT_DIR, `noto-sans-${subset}-${weight}-normal.woff`);

/** The font files, shipped with the functions that draw PDFs (netlify/lib/shipped-file.ts), read once. */
const fontBytes = new Map<string, Buffer>();
function readFont(path: string): Buffer {
  let bytes = fontBytes.get(path);
  if (!bytes) {
    bytes = readFileSync(shippedFile(path));
    fontBytes.set(path, bytes);
  }
  return bytes;
}

interface FontSet {
  /** In order of preference; each with the fontkit font that says which characters it has. */
  faces: { pdf: PDFFont; has: (codePoint: number) => boolean }[];
}

async function fontSet(doc: PDFDocument, weight: 400 | 700): Promise<FontSet> {
  const faces = [];
  for (const subset of ["latin", "latin-ext"] as const) {
    const bytes = readFont(fontFile(subset, weight));
    const face = fontkit.create(bytes) as unknown as { hasGlyphForCodePoint(cp: number): boolean };
    faces.push({
      pdf: await doc.embedFont(bytes, { subset: true }),
      has: (cp: number) => face.hasGlyphForCodePoint(cp),
    });
  }
  return { faces };
}

/** The text cut into runs, each in the first face that has its characters. */
function runsOf(text: string, fonts: FontSet): { text: string; font: PDFFont }[] {
  const runs: { text: string; font: PDFFont }[] = [];
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    const face = fonts.faces.find((f) => f.has(cp)) ?? fonts.faces[0]!;
    const last = runs[runs.length - 1];
    if (last && last.font === face.pdf) last.text += char;
    else runs.push({ text: char, font: face.pdf });
  }
  return runs;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const BRAND = rgb(0.086, 0.2, 0.314);
export const MUTED = rgb(0.28, 0.33, 0.41);
const TEXT = rgb(0.12, 0.16, 0.23);
type Colour = ReturnType<typeof rgb>;

/** The columns of the sums under a table: a label across all but its last column, the amount under that. */
export function sumColumns(columns: number[]): number[] {
  return [columns.slice(0, -1).reduce((a, b) => a + b, 0), columns[columns.length - 1]!];
}

/** Lays text out top to bottom over as many pages as it takes. */
export class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  /** Drawn at the top of each page begun while it is set (a table's column headings). */
  private onNewPage: (() => void) | null = null;

  constructor(
    readonly doc: PDFDocument,
    readonly regular: FontSet,
    readonly bold: FontSet,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(this.page);
    this.y = A4.height - MARGIN;
    const atTop = this.onNewPage;
    if (atTop) {
      this.onNewPage = null;
      atTop();
      this.onNewPage = atTop;
    }
  }

  ensure(height: number) {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  width(text: string, size: number, bold = false): number {
    return runsOf(text, bold ? this.bold : this.regular).reduce(
      (sum, run) => sum + run.font.widthOfTextAtSize(run.text, size),
      0,
    );
  }

  /** Draws one line of text at x (no wrapping). */
  draw(text: string, x: number, size: number, options: { bold?: boolean; colour?: Colour } = {}) {
    let at = x;
    for (const run of runsOf(text, options.bold ? this.bold : this.regular)) {
      this.page.drawText(run.text, { x: at, y: this.y, size, font: run.font, color: options.colour ?? TEXT });
      at += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  /** Words of `text` in lines no wider than `width`. */
  wrap(text: string, size: number, width: number, bold = false): string[] {
    const lines: string[] = [];
    for (const paragraphLine of text.split("\n")) {
      let line = "";
      for (const word of paragraphLine.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && this.width(candidate, size, bold) > width) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      lines.push(line);
    }
    return lines;
  }

  paragraph(
    text: string,
    options: {
      size?: number;
      bold?: boolean;
      colour?: Colour;
      gap?: number;
      x?: number;
      width?: number;
    } = {},
  ) {
    const size = options.size ?? 10;
    const x = options.x ?? MARGIN;
    for (const line of this.wrap(text, size, options.width ?? CONTENT_WIDTH - (x - MARGIN), options.bold)) {
      this.ensure(size * 1.45);
      this.y -= size * 1.45;
      this.draw(line, x, size, options);
    }
    this.y -= options.gap ?? 6;
  }

  /** How far down the current page the text has come, in points from its top margin. */
  usedOnPage(): number {
    return A4.height - MARGIN - this.y;
  }

  /** Leaves `height` points blank. */
  space(height: number) {
    this.y -= height;
  }

  heading(text: string, size = 13) {
    // A heading keeps its first lines with it.
    this.ensure(size * 3 + 40);
    this.y -= 8;
    this.paragraph(text, { size, bold: true, colour: BRAND, gap: 4 });
  }

  /**
   * A heading and its paragraphs kept on one page (a form to fill in, say): begun on a new page
   * unless all of it fits in what is left of this one. A block taller than a page starts where it is.
   */
  keptTogether(heading: string, paragraphs: string[], options: { size?: number; headingSize?: number } = {}) {
    const size = options.size ?? 10;
    const headingSize = options.headingSize ?? 13;
    const textHeight = (text: string, at: number, bold = false) =>
      this.wrap(text, at, CONTENT_WIDTH, bold).length * at * 1.45;
    // As far down as the block's last line comes: the heading's space above it and the gaps
    // between its paragraphs, none after the last.
    const height =
      8 +
      textHeight(heading, headingSize, true) +
      4 +
      paragraphs.reduce((sum, text) => sum + textHeight(text, size), 0) +
      6 * Math.max(0, paragraphs.length - 1);
    if (height <= A4.height - 2 * MARGIN - 20) this.ensure(height);
    this.heading(heading, headingSize);
    for (const text of paragraphs) this.paragraph(text, { size });
  }

  /** The business's name, address, telephone, e-mail, VAT number and registered address. */
  letterhead(business: DocumentBusiness) {
    this.paragraph(business.name, { size: 18, bold: true, colour: BRAND, gap: 2 });
    this.paragraph(business.address, { size: 9.5, colour: MUTED, gap: 0 });
    this.paragraph(`Telephone ${business.phone} · E-mail ${business.email}`, {
      size: 9.5,
      colour: MUTED,
      gap: 0,
    });
    this.paragraph(`VAT number ${business.vatNumber}`, { size: 9.5, colour: MUTED, gap: 0 });
    if (business.registeredAddress)
      this.paragraph(`Registered address: ${business.registeredAddress}`, {
        size: 9.5,
        colour: MUTED,
        gap: 0,
      });
  }

  /** A label and its value side by side: the label muted, the value (wrapped) in a column of its own. */
  field(label: string, value: string, options: { bold?: boolean; labelWidth?: number } = {}) {
    const size = 10;
    const indent = options.labelWidth ?? 120;
    const lines = this.wrap(value, size, CONTENT_WIDTH - indent, options.bold);
    this.ensure(lines.length * size * 1.45 + 2);
    const top = this.y;
    this.y = top - size * 1.45;
    this.draw(label, MARGIN, size, { colour: MUTED });
    lines.forEach((line, index) => {
      this.y = top - (index + 1) * size * 1.45;
      this.draw(line, MARGIN + indent, size, options);
    });
    this.y = top - lines.length * size * 1.45 - 2;
  }

  /** An item of a list: a bullet, and the text wrapped beside it. */
  bullet(text: string, size = 10) {
    this.wrap(text, size, CONTENT_WIDTH - 14).forEach((line, index) => {
      this.ensure(size * 1.45);
      this.y -= size * 1.45;
      if (index === 0) this.draw("•", MARGIN + 2, size, { colour: BRAND });
      this.draw(line, MARGIN + 14, size);
    });
    this.y -= 3;
  }

  /** A row of cells: left-aligned first column (wrapped), the others right-aligned at their right edge. */
  row(cells: string[], columns: number[], options: { bold?: boolean; size?: number } = {}) {
    const size = options.size ?? 9.5;
    const firstWidth = columns[0]! - 8;
    const lines = this.wrap(cells[0]!, size, firstWidth, options.bold);
    this.ensure(lines.length * size * 1.45 + 4);
    const top = this.y;
    lines.forEach((line, index) => {
      this.y = top - (index + 1) * size * 1.45;
      this.draw(line, MARGIN, size, options);
    });
    this.y = top - size * 1.45;
    cells.slice(1).forEach((cell, index) => {
      const edge = MARGIN + columns.slice(0, index + 2).reduce((a, b) => a + b, 0);
      this.draw(cell, edge - this.width(cell, size, options.bold), size, options);
    });
    this.y = top - lines.length * size * 1.45 - 4;
  }

  /**
   * A table between rules: the headings in bold, then a row each. With `headingsOnEveryPage`, a
   * table that runs over a page begins the next one with its headings again.
   */
  table(
    headings: string[],
    rows: string[][],
    columns: number[],
    options: { headingsOnEveryPage?: boolean } = {},
  ) {
    const head = () => {
      this.rule();
      this.row(headings, columns, { bold: true });
      this.rule();
    };
    head();
    if (options.headingsOnEveryPage) this.onNewPage = head;
    try {
      for (const cells of rows) this.row(cells, columns);
    } finally {
      this.onNewPage = null;
    }
    this.rule();
  }

  rule() {
    this.ensure(6);
    this.y -= 2;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4.width - MARGIN, y: this.y },
      thickness: 0.6,
      color: rgb(0.8, 0.84, 0.9),
    });
    this.y -= 4;
  }

  /** "`label` · page 2 of 3" at the foot of every page, once all are written. */
  footers(label: string) {
    this.pages.forEach((page, index) => {
      const text = `${label} · page ${index + 1} of ${this.pages.length}`;
      this.page = page;
      this.y = MARGIN - 20;
      this.draw(text, A4.width - MARGIN - this.width(text, 8), 8, { colour: MUTED });
    });
  }
}

/** A new A4 document in Noto Sans, with its title and author, and a writer at the top of its first page. */
export async function startPdf(meta: { title: string; author: string }): Promise<Writer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setLanguage("en-GB");
  return new Writer(doc, await fontSet(doc, 400), await fontSet(doc, 700));
}
