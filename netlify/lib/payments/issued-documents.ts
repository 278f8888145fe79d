/**
 * Invoices, receipts, credit notes and guarantee certificates as issued (docs/payments.md, "Documents as
 * issued"), and the written quotes as sent (proposals/quote-as-sent.ts): a document's PDF is drawn once, the first time it is asked for — by its e-mail, seconds
 * after it is numbered, or by a download — and its bytes are kept in `issued_documents` with their
 * SHA-256. Every later e-mail or download serves those bytes, so a receipt reads the same after its
 * lead is erased, the business moves, or a VAT rate changes.
 */
import { createHash } from "node:crypto";
import { database } from "../database/database.ts";
import { NotFoundError } from "../http/http-error.ts";
import { certificateDocument, receiptDocument } from "./payment-account.ts";
import { readGuarantee, readInvoice, readPaymentByReceipt } from "./payment-records.ts";
import { creditNoteDocument } from "./void-records.ts";

export interface IssuedPdf {
  name: string;
  bytes: Uint8Array;
  sha256: string;
}

/**
 * Draws the PDF of a document from the records, or null when no document has that number, or when
 * its customer was erased (its link to the quote is gone): an erasure keeps every document drawn
 * before it (records-erasure.ts), and none is ever drawn from pseudonymised rows.
 */
async function draw(number: string, siteUrl: string): Promise<{ name: string; bytes: Uint8Array } | null> {
  // The PDF writer and its fonts load only when a document is drawn, the first time.
  const pdf = () => import("./payment-pdf.ts");
  if (number.startsWith("INV-")) {
    const invoice = await readInvoice(number);
    if (!invoice || invoice.proposal_id === null) return null;
    const { invoicePdf, invoicePdfName } = await pdf();
    return { name: invoicePdfName(number), bytes: await invoicePdf(invoice.document) };
  }
  if (number.startsWith("R-")) {
    const payment = await readPaymentByReceipt(number);
    if (!payment || payment.proposal_id === null) return null;
    const { receiptPdf, receiptPdfName } = await pdf();
    return { name: receiptPdfName(number), bytes: await receiptPdf(await receiptDocument(payment)) };
  }
  if (number.startsWith("CN-")) {
    const document = await creditNoteDocument(number);
    if (!document) return null;
    const { creditNotePdf, creditNotePdfName } = await pdf();
    return { name: creditNotePdfName(number), bytes: await creditNotePdf(document) };
  }
  if (number.startsWith("G-")) {
    const guarantee = await readGuarantee(number);
    if (!guarantee || guarantee.proposal_id === null) return null;
    const { certificatePdf, certificatePdfName } = await pdf();
    return {
      name: certificatePdfName(number),
      bytes: await certificatePdf(await certificateDocument(guarantee, siteUrl)),
    };
  }
  return null;
}

interface StoredRow {
  file_name: string;
  bytes: Buffer;
  sha256: string;
}

const stored = async (number: string) =>
  (
    await database().query<StoredRow>(
      "SELECT file_name, bytes, sha256 FROM issued_documents WHERE number = $1",
      [number],
    )
  ).rows[0];

/**
 * The PDF kept under `number`, or the one `draw` makes now (null: no such document), kept for every
 * later call. Two first draws at once both insert; the second insert does nothing and both answer
 * the kept copy.
 */
export async function keptPdf(
  number: string,
  draw: () => Promise<{ name: string; bytes: Uint8Array } | null>,
  now = Date.now(),
): Promise<IssuedPdf> {
  let row = await stored(number);
  if (!row) {
    const drawn = await draw();
    if (!drawn) throw new NotFoundError("Document not found");
    await database().query(
      `INSERT INTO issued_documents (number, file_name, bytes, sha256, drawn_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (number) DO NOTHING`,
      [
        number,
        drawn.name,
        Buffer.from(drawn.bytes),
        createHash("sha256").update(drawn.bytes).digest("hex"),
        new Date(now),
      ],
    );
    row = (await stored(number))!;
  }
  return { name: row.file_name, bytes: new Uint8Array(row.bytes), sha256: row.sha256 };
}

/** The PDF of an invoice (INV-…), a receipt (R-…), a credit note (CN-…) or a certificate (G-…) as first drawn. */
export const issuedPdf = (number: string, siteUrl: string, now = Date.now()): Promise<IssuedPdf> =>
  keptPdf(number, () => draw(number, siteUrl), now);
