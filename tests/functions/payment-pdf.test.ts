/**
 * The PDFs of getting paid (netlify/lib/payments/payment-pdf.ts) read back as text with PDF.js: the
 * VAT invoice holds everything HMRC asks of a full VAT invoice and every figure of the balance, the
 * VAT receipt what was paid, the VAT in it and what is left, and the guarantee certificate who and
 * what it covers until when. The documents are written out by hand, as the payments module freezes
 * them: two VAT rates, a deposit paid before the invoice, an accented name, pence that must not move.
 * Set PAYMENT_PDF_OUT to a folder to keep the PDFs drawn.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import {
  certificatePdf,
  certificatePdfName,
  creditNotePdf,
  creditNotePdfName,
  invoicePdf,
  invoicePdfName,
  receiptPdf,
  receiptPdfName,
} from "../../netlify/lib/payments/payment-pdf.ts";
import type {
  CertificateDocument,
  CreditNoteDocument,
  InvoiceDocument,
  InvoiceLine,
  ReceiptDocument,
} from "../../src/lib/payments/payment-documents.ts";
import type { DocumentBusiness } from "../../src/lib/proposals/quote-document.ts";
import { formatPounds, lineNet, totalsOf, vatBands } from "../../src/lib/proposals/money.ts";
import { pdfPages, pdfText } from "./pdf-text.ts";

function keep(name: string, bytes: Uint8Array) {
  const folder = process.env.PAYMENT_PDF_OUT;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, name), bytes);
}

const business: DocumentBusiness = {
  name: "Ochil Slate & Tile Ltd",
  address: "Unit 4, Carse Road, Stirling FK7 7XQ",
  registeredAddress: "14 Melville Street, Edinburgh EH3 7NS",
  phone: "01786 555012",
  email: "office@ochilslate.example",
  vatNumber: "GB 123 4567 89",
};

const customer = {
  name: "Siobhán Ó Briain",
  address: { line1: "7 Glebe Crescent", town: "Dunblane", postcode: "FK15 0DL" },
};

const line = (description: string, quantity: number, unitPrice: number, vatRate: 20 | 5): InvoiceLine => ({
  description,
  quantity,
  unitPrice,
  vatRate,
  net: lineNet({ quantity, unitPrice }),
});

/** The job: slating and lead at 20%, insulation (energy-saving materials) at 5%. */
const LINES = [
  line(
    "Strip and re-slate the rear pitch with reclaimed Welsh slate, new battens and membrane",
    42.5,
    8599,
    20,
  ),
  line("New lead flashing to the chimney", 1, 48000, 20),
  line("Scaffolding to the rear elevation (per week)", 2, 37550, 20),
  line("Loft insulation, 270 mm mineral wool (energy-saving materials)", 1, 65000, 5),
];

/** Written out by hand: £6,545.20 in all, a 20% deposit of £1,309.04 paid on 2 February. */
const invoice: InvoiceDocument = {
  number: "INV-000001",
  issuedOn: "2036-03-12",
  taxPoint: "2036-03-11",
  dueOn: "2036-03-19",
  proposalNumber: "Q-000123",
  business,
  customer,
  lines: LINES,
  vatBands: [
    { rate: 20, net: 488558, vat: 97712 },
    { rate: 5, net: 65000, vat: 3250 },
  ],
  job: { net: 553558, vat: 100962, total: 654520 },
  paidBefore: [{ receiptNumber: "R-000001", receivedOn: "2036-02-02", amount: 130904, vat: 20192 }],
  net: 442846,
  vat: 80770,
  total: 523616,
  bank: { accountName: "Ochil Slate & Tile Ltd", sortCode: "80-22-60", accountNumber: "06512873" },
  paymentTerms: "Pay by bank transfer within 7 days of the date of issue, using INV-000001 as the reference.",
};

/** The deposit's receipt: paid by card before the work, with the balance it leaves. */
const depositReceipt: ReceiptDocument = {
  number: "R-000001",
  receivedOn: "2036-02-02",
  method: "card",
  proposalNumber: "Q-000123",
  invoiceNumber: null,
  business,
  customer: { name: customer.name },
  amount: 130904,
  vat: 20192,
  net: 110712,
  refundDue: 0,
  vatBands: [
    { rate: 20, net: 97712, vat: 19542 },
    { rate: 5, net: 13000, vat: 650 },
  ],
  jobTotal: 654520,
  paidSoFar: 130904,
  balance: 523616,
};

/** The balance's receipt: the invoice paid by bank transfer, nothing left. */
const balanceReceipt: ReceiptDocument = {
  ...depositReceipt,
  number: "R-000002",
  receivedOn: "2036-03-16",
  method: "bank",
  invoiceNumber: "INV-000001",
  amount: 523616,
  vat: 80770,
  net: 442846,
  vatBands: [
    { rate: 20, net: 390846, vat: 78170 },
    { rate: 5, net: 52000, vat: 2600 },
  ],
  paidSoFar: 654520,
  balance: 0,
};

const certificate: CertificateDocument = {
  number: "G-7K2M-Q9XD",
  issuedOn: "2036-03-20",
  business: { ...business, registeredAddress: null },
  customer: { name: customer.name },
  property: customer.address,
  work: LINES.map((l) => l.description),
  termWork: "New roofs",
  years: 10,
  completedOn: "2036-03-10",
  validUntil: "2046-03-09",
  conditions:
    "The guarantee covers the materials and workmanship of the work listed against defects.\n\nIt does not cover damage from storms, from work by others, or from a lack of upkeep such as blocked gutters.",
  proposalNumber: "Q-000123",
  invoiceNumber: "INV-000001",
  checkUrl: "https://www.ochilslate.example/guarantee",
};

test("the documents' figures agree with one another (the fixture is sound)", () => {
  expect(invoice.vatBands).toEqual(vatBands(LINES));
  expect(invoice.job).toEqual(totalsOf(LINES));
  const paid = invoice.paidBefore.reduce((sum, p) => sum + p.amount, 0);
  expect(invoice.total).toBe(invoice.job.total - paid);
  expect(invoice.net + invoice.vat).toBe(invoice.total);
  for (const receipt of [depositReceipt, balanceReceipt]) {
    expect(receipt.net + receipt.vat).toBe(receipt.amount);
    expect(receipt.vatBands.reduce((sum, b) => sum + b.vat, 0)).toBe(receipt.vat);
    expect(receipt.vatBands.reduce((sum, b) => sum + b.net, 0)).toBe(receipt.net);
    expect(receipt.jobTotal - receipt.paidSoFar).toBe(receipt.balance);
  }
});

test("the files are named after their documents", () => {
  expect(invoicePdfName("INV-000001")).toBe("Invoice INV-000001.pdf");
  expect(receiptPdfName("R-000001")).toBe("Receipt R-000001.pdf");
  expect(certificatePdfName("G-7K2M-Q9XD")).toBe("Guarantee G-7K2M-Q9XD.pdf");
});

test("the invoice holds what a full VAT invoice must, and the balance to pay", async () => {
  const bytes = await invoicePdf(invoice);
  keep(invoicePdfName(invoice.number), bytes);
  const text = await pdfText(bytes);
  const expected = [
    "VAT invoice INV-000001",
    "Date of issue",
    "12 March 2036",
    "Tax point",
    "11 March 2036",
    business.name,
    business.address,
    `VAT number ${business.vatNumber}`,
    `Registered address: ${business.registeredAddress}`,
    business.phone,
    business.email,
    customer.name,
    customer.address.line1,
    customer.address.town,
    customer.address.postcode,
    "Description",
    "Qty",
    "Unit price",
    "VAT rate",
    "Net amount",
    "42.5",
    "20%",
    "5%",
    ...LINES.map((l) => l.description),
    ...LINES.map((l) => formatPounds(l.unitPrice)),
    ...LINES.map((l) => formatPounds(l.net)),
    // VAT by rate, and the job's totals.
    `VAT at 20% on ${formatPounds(488558)}`,
    formatPounds(97712),
    `VAT at 5% on ${formatPounds(65000)}`,
    formatPounds(3250),
    formatPounds(553558),
    formatPounds(100962),
    `Total including VAT ${formatPounds(654520)}`,
    // The deposit taken off, then this invoice.
    `Less paid on 2 February 2036, receipt R-000001 (VAT ${formatPounds(20192)} included)`,
    formatPounds(-130904),
    `This invoice without VAT ${formatPounds(442846)}`,
    `VAT on this invoice ${formatPounds(80770)}`,
    `Amount due ${formatPounds(523616)}`,
    "Due by 19 March 2036",
    "Quote Q-000123",
    invoice.paymentTerms,
    "Ochil Slate & Tile Ltd",
    "80-22-60",
    "06512873",
    "Reference INV-000001",
    "Invoice INV-000001 · page 1 of 1",
  ];
  for (const piece of expected) expect(text).toContain(piece);
  expect(formatPounds(523616)).toBe("£5,236.16");
});

test("an invoice without bank details or a registered address leaves them out", async () => {
  const text = await pdfText(
    await invoicePdf({
      ...invoice,
      business: { ...business, registeredAddress: null },
      bank: null,
      paidBefore: [],
      net: invoice.job.net,
      vat: invoice.job.vat,
      total: invoice.job.total,
    }),
  );
  expect(text).not.toContain("Registered address");
  expect(text).not.toContain("Sort code");
  expect(text).not.toContain("Less paid");
  expect(text).toContain(`Amount due ${formatPounds(654520)}`);
});

test("a long invoice runs over pages, each with its footer and the table's headings", async () => {
  const lines = Array.from({ length: 40 }, (_, index) =>
    line(
      `Ridge tile ${index + 1}: lift, clean and re-bed in lime mortar, with a new mechanical fixing`,
      1,
      2350 + index,
      20,
    ),
  );
  const totals = totalsOf(lines);
  const bytes = await invoicePdf({
    ...invoice,
    lines,
    vatBands: vatBands(lines),
    job: totals,
    paidBefore: [],
    net: totals.net,
    vat: totals.vat,
    total: totals.total,
  });
  keep("Invoice long.pdf", bytes);
  const pages = await pdfPages(bytes);
  expect(pages.length).toBeGreaterThan(1);
  pages.forEach((page, index) => {
    expect(page).toContain(`Invoice INV-000001 · page ${index + 1} of ${pages.length}`);
    expect(page).toContain("Net amount");
  });
  const text = pages.join(" ");
  for (const l of lines) {
    expect(text).toContain(l.description);
    expect(text).toContain(formatPounds(l.unitPrice));
  }
  expect(text).toContain(`Amount due ${formatPounds(totals.total)}`);
});

test("the deposit's receipt: paid, the VAT in it by rate, and the balance left", async () => {
  const bytes = await receiptPdf(depositReceipt);
  keep(receiptPdfName(depositReceipt.number), bytes);
  const text = await pdfText(bytes);
  const expected = [
    "VAT receipt R-000001",
    business.name,
    business.address,
    `VAT number ${business.vatNumber}`,
    customer.name,
    "2 February 2036",
    "Card",
    "Quote Q-000123",
    "The deposit",
    `Amount received ${formatPounds(130904)}`,
    `VAT at 20% included ${formatPounds(19542)}`,
    `VAT at 5% included ${formatPounds(650)}`,
    `VAT included in total ${formatPounds(20192)}`,
    `Amount without VAT ${formatPounds(110712)}`,
    `The job's total including VAT ${formatPounds(654520)}`,
    `Paid so far, this payment included ${formatPounds(130904)}`,
    `Balance still to pay ${formatPounds(523616)}`,
    "Receipt R-000001 · page 1 of 1",
  ];
  for (const piece of expected) expect(text).toContain(piece);
  expect(text).not.toContain("Invoice INV");
});

test("the balance's receipt names its invoice and the job paid in full", async () => {
  const bytes = await receiptPdf(balanceReceipt);
  const text = await pdfText(bytes);
  const expected = [
    "VAT receipt R-000002",
    "16 March 2036",
    "Bank transfer",
    "Invoice INV-000001",
    `Amount received ${formatPounds(523616)}`,
    `VAT at 20% included ${formatPounds(78170)}`,
    `VAT at 5% included ${formatPounds(2600)}`,
    `Amount without VAT ${formatPounds(442846)}`,
    `Paid so far, this payment included ${formatPounds(654520)}`,
    `Balance still to pay ${formatPounds(0)}`,
    "Paid in full.",
  ];
  for (const piece of expected) expect(text).toContain(piece);
});

test("a card payment above the balance: the receipt sets the excess apart, to be refunded, and its VAT is the job's", async () => {
  // The balance of £5,236.16 paid by card as £5,250.00: £13.84 more than was owed.
  const bytes = await receiptPdf({ ...balanceReceipt, method: "card", amount: 525000, refundDue: 1384 });
  const text = await pdfText(bytes);
  const expected = [
    `Amount received ${formatPounds(525000)}`,
    `More than was owed, to be refunded to you ${formatPounds(-1384)}`,
    `Towards the job ${formatPounds(523616)}`,
    `VAT at 20% included ${formatPounds(78170)}`,
    `VAT at 5% included ${formatPounds(2600)}`,
    `Amount without VAT ${formatPounds(442846)}`,
    `Balance still to pay ${formatPounds(0)}`,
  ];
  for (const piece of expected) expect(text).toContain(piece);
  // Without an excess, no such lines.
  expect(await pdfText(await receiptPdf(balanceReceipt))).not.toContain("to be refunded");
});

test("a credit note cancels its receipt: the amount and the VAT by rate given back, negative, and why", async () => {
  const note: CreditNoteDocument = {
    number: "CN-000001",
    issuedOn: "2036-02-03",
    receiptNumber: depositReceipt.number,
    receivedOn: depositReceipt.receivedOn,
    method: "bank",
    proposalNumber: "Q-000123",
    invoiceNumber: null,
    business,
    customer: { name: customer.name },
    amount: depositReceipt.amount,
    vat: depositReceipt.vat,
    net: depositReceipt.amount - depositReceipt.vat,
    vatBands: depositReceipt.vatBands,
    reason: "The same transfer recorded twice",
  };
  const bytes = await creditNotePdf(note);
  expect(creditNotePdfName(note.number)).toBe("Credit note CN-000001.pdf");
  keep(creditNotePdfName(note.number), bytes);
  const text = await pdfText(bytes);
  for (const piece of [
    "Credit note CN-000001",
    `VAT number ${business.vatNumber}`,
    customer.name,
    "3 February 2036",
    "VAT receipt R-000001 of 2 February 2036",
    "Bank transfer",
    "Quote Q-000123",
    "The same transfer recorded twice",
    `Amount credited ${formatPounds(-130904)}`,
    `VAT at 20% included ${formatPounds(-19542)}`,
    `VAT at 5% included ${formatPounds(-650)}`,
    `VAT included in total ${formatPounds(-20192)}`,
    `Amount without VAT ${formatPounds(-110712)}`,
    "Credit note CN-000001 · page 1 of 1",
  ])
    expect(text).toContain(piece);
});

test("the guarantee certificate: its number, who and what it covers, until when, and how to check it", async () => {
  const bytes = await certificatePdf(certificate);
  keep(certificatePdfName(certificate.number), bytes);
  const text = await pdfText(bytes);
  const expected = [
    "Guarantee certificate",
    "G-7K2M-Q9XD",
    business.name,
    business.address,
    `Issued to ${customer.name}`,
    customer.address.line1,
    customer.address.town,
    customer.address.postcode,
    ...certificate.work,
    "Completed on 10 March 2036",
    "10 years (New roofs)",
    "Valid until 9 March 2046",
    "Issued on 20 March 2036",
    "The guarantee covers the materials and workmanship of the work listed against defects.",
    "It does not cover damage from storms, from work by others, or from a lack of upkeep such as blocked gutters.",
    "Q-000123",
    "INV-000001",
    "Check this guarantee at https://www.ochilslate.example/guarantee with its number and the property's postcode.",
    "Guarantee G-7K2M-Q9XD · page 1 of 1",
  ];
  for (const piece of expected) expect(text).toContain(piece);
  expect(text).not.toContain("Registered address");
});
