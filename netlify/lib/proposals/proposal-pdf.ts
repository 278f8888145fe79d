/**
 * The written quote as a PDF (docs/proposals.md, "The PDF"): the one module that draws it, from the
 * same view the customer's page renders (QuoteView), in the page's order, with the acceptance once
 * accepted. Text is real text in embedded Noto Sans (selectable, searchable, £ and accented names
 * right): the Latin and Latin Extended files of @fontsource/noto-sans, each character drawn in
 * the first of them that has it. @cantoo/pdf-lib with @cantoo/fontkit: pure JavaScript, so it
 * bundles into a function.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fontkit from "@cantoo/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "@cantoo/pdf-lib";
import { formatPounds } from "../../../src/lib/proposals/money.ts";
import {
  ACCEPT_TEXTS,
  formatQuantity,
  guaranteeText,
  paragraphsOf,
  type QuoteView,
} from "../../../src/lib/proposals/quote-document.ts";
import { formatUkDate, formatUkDateTime } from "../../../src/lib/proposals/uk-time.ts";

const FONT_DIR = join("node_modules", "@fontsource", "noto-sans", "files");
const fontFile = (subset: "latin" | "latin-ext", weight: 400 | 700) =>
  join(FONT_DIR, `noto-sans-${subset}-${weight}-normal.woff`);

/** The font files, shipped with the function (netlify.toml `included_files`), read once. */
const fontBytes = new Map<string, Buffer>();
function readFont(path: string): Buffer {
  let bytes = fontBytes.get(path);
  if (!bytes) {
    const roots = [process.env.LAMBDA_TASK_ROOT, process.cwd()].filter((root): root is string => !!root);
    const found = roots.map((root) => join(root, path)).find((candidate) => existsSync(candidate));
    if (!found) throw new Error(`${path} was not shipped with the function`);
    bytes = readFileSync(found);
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
const MUTED = rgb(0.28, 0.33, 0.41);
const TEXT = rgb(0.12, 0.16, 0.23);

/** Lays text out top to bottom over as many pages as it takes. */
class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

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
  draw(
    text: string,
    x: number,
    size: number,
    options: { bold?: boolean; colour?: ReturnType<typeof rgb> } = {},
  ) {
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
      colour?: ReturnType<typeof rgb>;
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

  heading(text: string, size = 13) {
    // A heading keeps its first lines with it.
    this.ensure(size * 3 + 40);
    this.y -= 8;
    this.paragraph(text, { size, bold: true, colour: BRAND, gap: 4 });
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
}

/** The file name of a quote's PDF. */
export function proposalPdfName(view: Pick<QuoteView, "number" | "status">): string {
  return `${view.status === "accepted" ? "Accepted quote" : "Quote"} ${view.number}.pdf`;
}

/** The PDF of a quote: what the page shows, the cancellation notice and form, and the acceptance once given. */
export async function proposalPdf(view: QuoteView): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`Quote ${view.number} – ${view.business.name}`);
  doc.setAuthor(view.business.name);
  doc.setLanguage("en-GB");
  const w = new Writer(doc, await fontSet(doc, 400), await fontSet(doc, 700));
  const { business } = view;

  w.paragraph(business.name, { size: 18, bold: true, colour: BRAND, gap: 2 });
  w.paragraph(business.address, { size: 9.5, colour: MUTED, gap: 0 });
  w.paragraph(`Telephone ${business.phone} · E-mail ${business.email}`, { size: 9.5, colour: MUTED, gap: 0 });
  w.paragraph(`VAT number ${business.vatNumber}`, { size: 9.5, colour: MUTED, gap: 0 });
  if (business.registeredAddress)
    w.paragraph(`Registered address: ${business.registeredAddress}`, { size: 9.5, colour: MUTED, gap: 0 });

  w.heading(`Quote ${view.number}`, 16);
  w.paragraph(`For ${view.customer.name}`, { size: 11, bold: true, gap: 2 });
  w.paragraph(
    `Date ${formatUkDate(Date.parse(view.issuedAt))} · Valid until ${formatUkDate(Date.parse(view.validUntil))}`,
    {
      size: 10,
    },
  );

  const columns = [245, 40, 75, 40, 95];
  w.rule();
  w.row(["Work", "Qty", "Unit price", "VAT", "Amount"], columns, { bold: true });
  w.rule();
  for (const line of view.lines) {
    w.row(
      [
        line.optional ? `${line.description} (optional)` : line.description,
        formatQuantity(line.quantity),
        formatPounds(line.unitPrice),
        `${line.vatRate}%`,
        formatPounds(line.net),
      ],
      columns,
    );
  }
  w.rule();
  const accepted = view.decision?.kind === "accepted" ? view.decision : null;
  const totals = accepted?.totals ?? view.totals;
  const bands = accepted?.vatBands ?? view.vatBands;
  const deposit = accepted?.deposit ?? view.deposit;
  const sumColumns = [columns.slice(0, 4).reduce((a, b) => a + b, 0), columns[4]!];
  w.row(["Price without VAT", formatPounds(totals.net)], sumColumns);
  for (const band of bands)
    w.row([`VAT at ${band.rate}% on ${formatPounds(band.net)}`, formatPounds(band.vat)], sumColumns);
  w.row(["VAT in total", formatPounds(totals.vat)], sumColumns);
  w.row(["Total including VAT", formatPounds(totals.total)], sumColumns, { bold: true, size: 12 });
  if (accepted && view.lines.some((line) => line.optional))
    w.paragraph("The totals include the optional lines chosen when the quote was accepted.", {
      size: 9,
      colour: MUTED,
    });
  if (view.depositPercent > 0)
    w.paragraph(`Deposit on acceptance: ${formatPounds(deposit)} (${view.depositPercent}% of the total).`, {
      size: 10,
    });
  else w.paragraph("No deposit is asked for.", { size: 10 });
  w.paragraph("The balance is due within 7 days of the work being completed.", { size: 10 });

  if (view.startWindow) {
    w.heading("When we can start");
    w.paragraph(view.startWindow);
  }
  if (view.notes) {
    w.heading("Notes");
    for (const p of paragraphsOf(view.notes)) w.paragraph(p);
  }
  w.heading("Guarantee");
  w.paragraph(guaranteeText(view.terms));
  w.paragraph(view.terms.guaranteeConditions);
  w.heading("Payment");
  w.paragraph(view.terms.payment);
  w.heading("How to complain");
  w.paragraph(view.terms.complaints);
  w.heading(ACCEPT_TEXTS.rightToCancel);
  for (const p of paragraphsOf(view.terms.cancellationNotice)) w.paragraph(p);
  w.heading(ACCEPT_TEXTS.modelForm);
  for (const p of paragraphsOf(view.terms.cancellationForm)) w.paragraph(p);

  if (accepted) {
    w.heading("Acceptance");
    w.paragraph(
      `Accepted online on ${formatUkDateTime(Date.parse(accepted.at))} (UK time) by ${accepted.name}, who confirmed: "${ACCEPT_TEXTS.agree}".`,
    );
    const chosen = (accepted.options ?? []).map((index) => view.lines[index]?.description).filter(Boolean);
    if (view.lines.some((line) => line.optional))
      w.paragraph(
        chosen.length ? `Optional lines chosen: ${chosen.join("; ")}.` : "No optional lines chosen.",
      );
    w.paragraph(
      accepted.startEarly
        ? `Asked for the work to start within the 14-day cancellation period: "${ACCEPT_TEXTS.startEarly}"`
        : "Did not ask for the work to start within the 14-day cancellation period.",
    );
    if (accepted.cancellableUntil)
      w.paragraph(
        `The cancellation period ends at the end of ${formatUkDate(Date.parse(accepted.cancellableUntil))} (UK time).`,
      );
    if (accepted.cancelledAt)
      w.paragraph(`Cancelled on ${formatUkDateTime(Date.parse(accepted.cancelledAt))} (UK time).`, {
        bold: true,
      });
  }
  if (view.documentHash)
    w.paragraph(`Document fingerprint (SHA-256): ${view.documentHash}`, { size: 7.5, colour: MUTED });

  w.pages.forEach((page, index) => {
    const text = `Quote ${view.number} · page ${index + 1} of ${w.pages.length}`;
    w.page = page;
    w.y = MARGIN - 20;
    w.draw(text, A4.width - MARGIN - w.width(text, 8), 8, { colour: MUTED });
  });
  return doc.save();
}
