/** A PDF read back with PDF.js, as a reader copying its text would get it. */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** Each page's text, whitespace folded. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? " " : "") : ""))
        .join("")
        .replace(/\s+/g, " "),
    );
  }
  return pages;
}

/** The whole document's text, its pages joined. */
export const pdfText = async (bytes: Uint8Array) => (await pdfPages(bytes)).join(" ");
