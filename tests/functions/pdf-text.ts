/** A PDF read back with PDF.js, as a reader copying its text would get it. */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** Each page's text, whitespace folded; pieces of text matching `leaveOut` (a footer) left out. */
export async function pdfPages(bytes: Uint8Array, leaveOut?: RegExp): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) =>
          "str" in item && !leaveOut?.test(item.str) ? item.str + (item.hasEOL ? " " : "") : "",
        )
        .join("")
        .replace(/\s+/g, " "),
    );
  }
  return pages;
}

/** The whole document's text, its pages joined. */
export const pdfText = async (bytes: Uint8Array, leaveOut?: RegExp) =>
  (await pdfPages(bytes, leaveOut)).join(" ").replace(/\s+/g, " ");
