/**
 * The CSV files the owner downloads (the leads, the accountant's invoices and payments): UTF-8 with
 * a byte order mark so Excel reads the £ and accents, CRLF lines, and every cell neutralised so a
 * spreadsheet never runs a visitor's text as a formula.
 */

/** The byte order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = "\ufeff";

/** csv-stringify's options for every file: CRLF lines. */
export const CSV_OPTIONS = { record_delimiter: "windows" } as const;

/** A cell that a spreadsheet would run as a formula gets a leading apostrophe. */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
