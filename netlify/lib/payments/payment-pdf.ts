/**
 * The documents of getting paid as PDFs (docs/payments.md): the full VAT invoice for the balance,
 * the VAT receipt of one payment and the guarantee certificate, each drawn from the document frozen
 * when it was issued (src/lib/payments/payment-documents.ts), the same one its e-mail shows. The
 * invoice carries everything HMRC asks of a full VAT invoice (VAT Notice 700, "Full VAT invoices"):
 * number, date of issue, tax point, the supplier's name, address and VAT number, the customer's
 * name and address, each line's description, quantity, unit price, rate of VAT and amount without
 * VAT, the VAT by rate, and the totals without and with VAT. Drawn with the writer every PDF of the
 * business shares (netlify/lib/pdf/pdf-writer.ts).
 */
import type {
  CertificateDocument,
  CreditNoteDocument,
  InvoiceDocument,
  PostalAddress,
  ReceiptDocument,
} from "../../../src/lib/payments/payment-documents.ts";
import { formatPounds } from "../../../src/lib/proposals/money.ts";
import { REVERSE_CHARGE_TEXT } from "../../../src/lib/proposals/reverse-charge.ts";
import { formatQuantity, paragraphsOf } from "../../../src/lib/proposals/quote-document.ts";
import { formatIsoDay } from "../../../src/lib/proposals/uk-time.ts";
import { MUTED, startPdf, sumColumns } from "../pdf/pdf-writer.ts";

/** The invoice's lines: description, quantity, unit price, VAT rate, amount without VAT. */
const LINE_COLUMNS = [225, 45, 75, 55, 95];
const SUMS = sumColumns(LINE_COLUMNS);

const METHODS: Record<ReceiptDocument["method"], string> = { bank: "Bank transfer", card: "Card" };

/** An address as it is written on an envelope, a line each. */
const addressLines = (address: PostalAddress) => `${address.line1}\n${address.town}\n${address.postcode}`;

/** "Invoice INV-000001.pdf" */
export function invoicePdfName(number: string): string {
  return `Invoice ${number}.pdf`;
}

/** "Receipt R-000001.pdf" */
export function receiptPdfName(number: string): string {
  return `Receipt ${number}.pdf`;
}

/** "Credit note CN-000001.pdf" */
export function creditNotePdfName(number: string): string {
  return `Credit note ${number}.pdf`;
}

/** "Guarantee G-7K2M-Q9XD.pdf" */
export function certificatePdfName(number: string): string {
  return `Guarantee ${number}.pdf`;
}

/**
 * The VAT invoice for the balance: the whole job's lines and totals, the payments already received
 * taken off, what this invoice charges and when it is due, and how to pay it.
 */
export async function invoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const w = await startPdf({
    title: `VAT invoice ${doc.number} – ${doc.business.name}`,
    author: doc.business.name,
  });
  w.letterhead(doc.business);

  w.heading(`VAT invoice ${doc.number}`, 16);
  w.field("Date of issue", formatIsoDay(doc.issuedOn));
  w.field("Tax point", formatIsoDay(doc.taxPoint));
  w.field("Due by", formatIsoDay(doc.dueOn), { bold: true });
  w.field("For the work of", `Quote ${doc.proposalNumber}`);
  w.field("Invoice to", `${doc.customer.name}\n${addressLines(doc.customer.address)}`);
  if (doc.reverseCharge) w.field("Customer's VAT number", doc.reverseCharge.vatNumber);
  w.space(6);

  w.table(
    ["Description", "Qty", "Unit price", "VAT rate", "Net amount"],
    doc.lines.map((line) => [
      line.description,
      formatQuantity(line.quantity),
      formatPounds(line.unitPrice),
      `${line.vatRate}%`,
      formatPounds(line.net),
    ]),
    LINE_COLUMNS,
    { headingsOnEveryPage: true },
  );
  if (doc.reverseCharge) reverseChargeSums(w, doc, doc.reverseCharge);
  else {
    w.row(["Price without VAT", formatPounds(doc.job.net)], SUMS);
    for (const band of doc.vatBands)
      w.row([`VAT at ${band.rate}% on ${formatPounds(band.net)}`, formatPounds(band.vat)], SUMS);
    w.row(["VAT in total", formatPounds(doc.job.vat)], SUMS);
    w.row(["Total including VAT", formatPounds(doc.job.total)], SUMS, { bold: true });
    for (const paid of doc.paidBefore)
      w.row(
        [
          `Less paid on ${formatIsoDay(paid.receivedOn)}, receipt ${paid.receiptNumber} (VAT ${formatPounds(paid.vat)} included)`,
          formatPounds(-paid.amount),
        ],
        SUMS,
      );
    w.rule();
    w.row(["This invoice without VAT", formatPounds(doc.net)], SUMS);
    w.row(["VAT on this invoice", formatPounds(doc.vat)], SUMS);
    w.row(["Amount due", formatPounds(doc.total)], SUMS, { bold: true, size: 12 });
  }
  w.rule();
  w.paragraph(`Due by ${formatIsoDay(doc.dueOn)}`, { bold: true, gap: 2 });

  w.heading("How to pay");
  w.paragraph(doc.paymentTerms);
  if (doc.bank) {
    w.field("Account name", doc.bank.accountName);
    w.field("Sort code", doc.bank.sortCode);
    w.field("Account number", doc.bank.accountNumber);
    w.field("Reference", doc.number, { bold: true });
  }

  w.footers(`Invoice ${doc.number}`);
  return w.doc.save();
}

type Writer = Awaited<ReturnType<typeof startPdf>>;

/**
 * A trade customer's invoice under the domestic reverse charge: the price without VAT, what was
 * paid before, this invoice's VAT by rate for the customer to account for (not charged, not in the
 * amount due), the reverse-charge words, and the amount due without VAT.
 */
function reverseChargeSums(
  w: Writer,
  doc: InvoiceDocument,
  reverse: NonNullable<InvoiceDocument["reverseCharge"]>,
) {
  w.row(["Price without VAT", formatPounds(doc.job.net)], SUMS);
  for (const paid of doc.paidBefore)
    w.row(
      [
        `Less paid on ${formatIsoDay(paid.receivedOn)}, receipt ${paid.receiptNumber}`,
        formatPounds(-paid.amount),
      ],
      SUMS,
    );
  w.rule();
  w.row(["This invoice without VAT", formatPounds(doc.net)], SUMS);
  for (const band of reverse.vatBands.filter((band) => band.rate > 0))
    w.row(
      [
        `VAT at ${band.rate}% on ${formatPounds(band.net)}, for the customer to account for`,
        formatPounds(band.vat),
      ],
      SUMS,
    );
  w.row(["VAT for the customer to account for", formatPounds(reverse.vat)], SUMS);
  w.row(["VAT charged", formatPounds(0)], SUMS);
  w.row(["Amount due (no VAT charged)", formatPounds(doc.total)], SUMS, { bold: true, size: 12 });
  w.paragraph(REVERSE_CHARGE_TEXT, { bold: true, gap: 2 });
}

/** The VAT receipt of one payment: what was received, the VAT it holds, and what is left to pay. */
export async function receiptPdf(doc: ReceiptDocument): Promise<Uint8Array> {
  const w = await startPdf({
    title: `VAT receipt ${doc.number} – ${doc.business.name}`,
    author: doc.business.name,
  });
  w.letterhead(doc.business);

  w.heading(`VAT receipt ${doc.number}`, 16);
  w.field("Received from", doc.customer.name, { bold: true });
  if (doc.reverseCharge) w.field("Customer's VAT number", doc.reverseCharge.vatNumber);
  w.field("Date received", formatIsoDay(doc.receivedOn));
  w.field("Paid by", METHODS[doc.method]);
  w.field("For the work of", `Quote ${doc.proposalNumber}`);
  w.field("Payment of", doc.invoiceNumber ? `Invoice ${doc.invoiceNumber}` : "The deposit");
  w.space(6);

  w.rule();
  w.row(["Amount received", formatPounds(doc.amount)], SUMS, { bold: true, size: 12 });
  if (doc.refundDue > 0) {
    w.row(["More than was owed, to be refunded to you", formatPounds(-doc.refundDue)], SUMS);
    w.row(["Towards the job", formatPounds(doc.amount - doc.refundDue)], SUMS, { bold: true });
  }
  if (doc.reverseCharge) {
    for (const band of doc.reverseCharge.vatBands.filter((band) => band.rate > 0))
      w.row(
        [
          `VAT at ${band.rate}% on ${formatPounds(band.net)}, for the customer to account for`,
          formatPounds(band.vat),
        ],
        SUMS,
      );
    w.row(["VAT charged", formatPounds(0)], SUMS);
    w.paragraph(REVERSE_CHARGE_TEXT, { bold: true, gap: 2 });
  } else {
    for (const band of doc.vatBands) w.row([`VAT at ${band.rate}% included`, formatPounds(band.vat)], SUMS);
    if (doc.vatBands.length !== 1) w.row(["VAT included in total", formatPounds(doc.vat)], SUMS);
  }
  w.row(["Amount without VAT", formatPounds(doc.net)], SUMS);
  w.rule();
  w.row(
    [
      doc.reverseCharge ? "The job's total without VAT" : "The job's total including VAT",
      formatPounds(doc.jobTotal),
    ],
    SUMS,
  );
  w.row(["Paid so far, this payment included", formatPounds(doc.paidSoFar)], SUMS);
  w.row(["Balance still to pay", formatPounds(doc.balance)], SUMS, { bold: true });
  w.rule();
  w.paragraph(doc.balance > 0 ? "Thank you for your payment." : "Paid in full. Thank you.");

  w.footers(`Receipt ${doc.number}`);
  return w.doc.save();
}

/**
 * The credit note of a voided payment: the receipt it cancels, the amount and the VAT by rate given
 * back (the receipt's own split, negative), and why.
 */
export async function creditNotePdf(doc: CreditNoteDocument): Promise<Uint8Array> {
  const w = await startPdf({
    title: `Credit note ${doc.number} – ${doc.business.name}`,
    author: doc.business.name,
  });
  w.letterhead(doc.business);

  w.heading(`Credit note ${doc.number}`, 16);
  w.field("Issued to", doc.customer.name, { bold: true });
  w.field("Date of issue", formatIsoDay(doc.issuedOn));
  w.field("Cancels", `VAT receipt ${doc.receiptNumber} of ${formatIsoDay(doc.receivedOn)}`, { bold: true });
  w.field("Paid by", METHODS[doc.method]);
  w.field("For the work of", `Quote ${doc.proposalNumber}`);
  if (doc.invoiceNumber) w.field("Payment of", `Invoice ${doc.invoiceNumber}`);
  w.field("Reason", doc.reason);
  w.space(6);

  w.rule();
  w.row(["Amount credited", formatPounds(-doc.amount)], SUMS, { bold: true, size: 12 });
  for (const band of doc.vatBands) w.row([`VAT at ${band.rate}% included`, formatPounds(-band.vat)], SUMS);
  if (doc.vatBands.length !== 1) w.row(["VAT included in total", formatPounds(-doc.vat)], SUMS);
  w.row(["Amount without VAT", formatPounds(-doc.net)], SUMS);
  w.rule();
  w.paragraph(
    `The payment confirmed by receipt ${doc.receiptNumber} was recorded by mistake: it is cancelled, and the receipt no longer counts towards the job.`,
  );

  w.footers(`Credit note ${doc.number}`);
  return w.doc.save();
}

/** The guarantee certificate: its number, who and what it covers, for how long, and where to check it. */
export async function certificatePdf(doc: CertificateDocument): Promise<Uint8Array> {
  const w = await startPdf({
    title: `Guarantee certificate ${doc.number} – ${doc.business.name}`,
    author: doc.business.name,
  });
  w.letterhead(doc.business);

  w.heading("Guarantee certificate", 20);
  w.paragraph("Certificate number", { size: 9.5, colour: MUTED, gap: 0 });
  w.paragraph(doc.number, { size: 22, bold: true, gap: 10 });
  w.field("Issued to", doc.customer.name, { bold: true });
  w.field("Property", addressLines(doc.property));
  w.field("Completed on", formatIsoDay(doc.completedOn));
  w.field("Term", `${doc.years} ${doc.years === 1 ? "year" : "years"} (${doc.termWork})`);
  w.field("Valid until", formatIsoDay(doc.validUntil), { bold: true });
  w.field("Issued on", formatIsoDay(doc.issuedOn));
  w.field("Quote", doc.proposalNumber);
  if (doc.invoiceNumber) w.field("Invoice", doc.invoiceNumber);

  w.heading("The work guaranteed");
  for (const item of doc.work) w.bullet(item);
  w.heading("Conditions");
  for (const p of paragraphsOf(doc.conditions)) w.paragraph(p);
  w.rule();
  w.paragraph(`Check this guarantee at ${doc.checkUrl} with its number and the property's postcode.`, {
    bold: true,
  });

  w.footers(`Guarantee ${doc.number}`);
  return w.doc.save();
}
