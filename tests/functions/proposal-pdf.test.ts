/**
 * The written quote's PDF (netlify/lib/proposals/proposal-pdf.ts) read back as text with PDF.js:
 * every figure and sentence the customer's page shows (the same QuoteView) is in it, £ signs and
 * accented names included, the optional extra apart with its own price, the deposit, the balance,
 * the bank details, the property's address and the right to cancel in the page's words, and the
 * acceptance once accepted; and, whatever the length of the notes, no near-empty last page and the
 * model cancellation form whole on one page.
 */
import { expect, test } from "vitest";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { newReference } from "../../netlify/lib/quote/reference.ts";
import { createProposal, sendProposal } from "../../netlify/lib/proposals/proposal-desk.ts";
import { acceptProposal, documentOfToken } from "../../netlify/lib/proposals/proposal-answers.ts";
import { proposalPdf } from "../../netlify/lib/proposals/proposal-pdf.ts";
import { propertyAddressOfToken } from "../../netlify/lib/payments/property-address.ts";
import { formatPounds } from "../../src/lib/proposals/money.ts";
import { paragraphsOf, type QuoteView } from "../../src/lib/proposals/quote-document.ts";
import { useBlobs } from "./blobs.ts";
import { pdfPages, pdfText } from "./pdf-text.ts";
import { contactedLead, saveQuote } from "./database.ts";

useBlobs();

/** The footer of each page: "Quote Q-…-1 · page 2 of 3". */
const FOOTER = / · page \d+ of \d+$/;

/** The PDF's text as a reader copying it would get it, the pages' footers left out. */
const textOf = (bytes: Uint8Array) => pdfText(bytes, FOOTER);

/** A4's height less the writer's top margin, in points. */
const PAGE_TOP = 841.89 - 50;
/** A last page whose text ends less far down than this (points, about a fifth of the page) is near-empty. */
const NEAR_EMPTY = 150;

/**
 * How many pages, and how far down its last page the text comes (points from the top margin; the
 * page's footer, at the foot, left out).
 */
async function lastPageOf(bytes: Uint8Array): Promise<{ pages: number; used: number }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const content = await (await pdf.getPage(pdf.numPages)).getTextContent();
  const ys = content.items.flatMap((item) =>
    "str" in item && item.str.trim() && !FOOTER.test(item.str) ? [item.transform[5] as number] : [],
  );
  return { pages: pdf.numPages, used: PAGE_TOP - Math.min(...ys) };
}

const fold = (text: string) => text.replace(/\s+/g, " ").trim();

function expectViewIn(text: string, view: QuoteView) {
  const expected = [
    view.business.name,
    view.business.vatNumber,
    view.business.phone,
    `Quote ${view.number}`,
    view.customer.name,
    ...view.lines.map((line) => line.description),
    ...view.lines.filter((line) => !line.optional).map((line) => formatPounds(line.net)),
    // Once accepted, the totals with the optional lines chosen.
    formatPounds((view.decision?.totals ?? view.totals).total),
    formatPounds((view.decision?.totals ?? view.totals).vat),
    view.startWindow!,
    ...paragraphsOf(view.terms.cancellationNotice),
    ...paragraphsOf(view.terms.cancellationForm),
    "Your right to cancel",
    "Model cancellation form",
  ];
  for (const piece of expected) expect(text).toContain(fold(piece));
}

test("the quote's PDF holds what the page shows, then the acceptance", async () => {
  const lead = {
    id: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    reference: newReference(),
    firstName: "Łucja",
    lastName: "Ó Súilleabháin-Wiśniewska",
    email: "lucja@example.co.uk",
    phone: "07700 900433",
    serviceRequired: "roof-repairs",
    message: "Slates.",
    attachments: [],
    status: "contacted" as const,
    address: { line1: "12 Burnside Lane", town: "Kippen", postcode: "FK8 3DN" },
  };
  await saveQuote(lead);
  const draft = await createProposal(lead.id, {
    lines: [
      {
        description: "Strip and re-slate the rear pitch with reclaimed Welsh slate",
        quantity: 42.5,
        unitPrice: 8599,
        vatRate: 20,
      },
      {
        description: "New lead flashing to the chimney",
        quantity: 1,
        unitPrice: 48000,
        vatRate: 20,
        optional: true,
      },
      { description: "Loft insulation (energy-saving)", quantity: 1, unitPrice: 65000, vatRate: 5 },
    ],
    depositPercent: 20,
    notes: "Skip on the drive for two days.",
    startWindow: "Week beginning 8 March",
  });
  const { proposal } = await sendProposal(draft.id);
  const token = proposal.customerUrl!.split("/").pop()!;

  const sent = await documentOfToken(token);
  const property = await propertyAddressOfToken(token);
  expect(property).toEqual({ line1: "12 Burnside Lane", town: "Kippen", postcode: "FK8 3DN" });
  const sentBytes = await proposalPdf(sent, { propertyAddress: property });
  const sentText = await textOf(sentBytes);
  expectViewIn(sentText, sent);
  expect(sentText).toContain("Łucja Ó Súilleabháin-Wiśniewska");
  expect(sentText).toContain("Property: 12 Burnside Lane, Kippen FK8 3DN");
  expect(sentText).not.toContain("Acceptance");
  // 42.5 × £85.99 = £3,654.58 (half up) at 20% (VAT £730.92) and £650.00 at 5% (VAT £32.50):
  // £5,068.00. The optional flashing, £480.00 at 20%, adds £576.00: £5,644.00 with it.
  const work = sentText.slice(0, sentText.indexOf("Optional extras"));
  expect(work).toContain("Strip and re-slate the rear pitch");
  expect(work, "the optional line is not among the work's amounts").not.toContain("New lead flashing");
  expect(sentText).toContain(
    "Optional extra Qty Unit price VAT Adds (inc. VAT) New lead flashing to the chimney 1 £480.00 20% £576.00",
  );
  expect(sentText).toContain("Total including VAT £5,068.00 With the optional extras £5,644.00");
  expect(sentText).toContain("The deposit, £1,013.60 (20% of the total), is due when you accept.");
  expect(sentText).toContain("The balance, £4,054.40, is due within 7 days of the work being completed");
  expect(sentText).toContain("Bank transfer to Glenbrae Roofing & Roughcasting");
  expect(sentText).toContain("Sort code 12-34-56 Account number 12345678");
  expect(sentText).toContain(`Reference ${sent.number}`);
  expect(sentText).toContain("You can cancel within 14 days of accepting, without giving a reason.");
  const sentPages = await lastPageOf(sentBytes);
  expect(sentPages.pages === 1 || sentPages.used >= NEAR_EMPTY, `last page used ${sentPages.used} pt`).toBe(
    true,
  );

  await acceptProposal(
    token,
    { name: "Łucja Ó Súilleabháin-Wiśniewska", agree: true, startEarly: true, options: [1] },
    { clientHash: "c".repeat(64), userAgent: "test" },
  );
  const accepted = await documentOfToken(token);
  const acceptedBytes = await proposalPdf(accepted, { propertyAddress: await propertyAddressOfToken(token) });
  const acceptedText = await textOf(acceptedBytes);
  expectViewIn(acceptedText, accepted);
  expect(acceptedText).toContain("Acceptance");
  expect(acceptedText).toContain("by Łucja Ó Súilleabháin-Wiśniewska");
  expect(acceptedText).toContain(formatPounds(accepted.decision!.totals!.total));
  expect(acceptedText).toContain("Optional lines chosen: New lead flashing to the chimney.");
  expect(acceptedText).toContain("Total including VAT, with the extras chosen £5,644.00");
  expect(acceptedText).toContain("New lead flashing to the chimney (chosen)");
  expect(acceptedText).not.toContain("With the optional extras");
  expect(acceptedText).toContain("The deposit, £1,128.80 (20% of the total), was due when you accepted.");
  expect(acceptedText).toContain("The balance, £4,515.20, is due within 7 days");
  expect(acceptedText).toContain("Property: 12 Burnside Lane, Kippen FK8 3DN");
  expect(acceptedText).toContain("Asked for the work to start within the 14-day cancellation period");
  expect(acceptedText).toContain(accepted.documentHash!);
  if (process.env.PROPOSAL_PDF_OUT)
    (await import("node:fs")).writeFileSync(process.env.PROPOSAL_PDF_OUT, acceptedBytes);
});

/** The numbers (from 1) of the pages whose text holds `piece`. */
const pagesWith = (pages: string[], piece: string) =>
  pages.flatMap((text, index) => (text.includes(fold(piece)) ? [index + 1] : []));

test("no near-empty last page and the model form on one page, whatever the length of the notes", async () => {
  const lead = await contactedLead({
    address: { line1: "3 Brae Road", town: "Kippen", postcode: "FK8 3DN" },
  });
  const draft = await createProposal(lead.id, {
    lines: [
      { description: "Replace broken or slipped slates", quantity: 14, unitPrice: 3500, vatRate: 20 },
      { description: "Rebed and repoint ridge tiles", quantity: 11, unitPrice: 4800, vatRate: 20 },
      { description: "Replace lead flashing", quantity: 3.5, unitPrice: 6500, vatRate: 20 },
      { description: "Scaffold hire", quantity: 1, unitPrice: 45000, vatRate: 20 },
      {
        description: "Clear gutters and downpipes",
        quantity: 1,
        unitPrice: 38500,
        vatRate: 20,
        optional: true,
      },
    ],
    depositPercent: 25,
    startWindow: "Within 3 weeks of accepting",
  });
  const { proposal } = await sendProposal(draft.id);
  const view = await documentOfToken(proposal.customerUrl!.split("/").pop()!);
  const words = "The scaffold goes up on the Monday and the skip sits on the drive for the week.".split(" ");
  const seen = new Set<number>();
  const formPages = new Set<number>();
  const lastLine = paragraphsOf(view.terms.cancellationForm).at(-1)!;
  // Notes from none to about eighty lines long move the end of the text down every page it can end on.
  for (let length = 0; length <= 1200; length += 40) {
    const notes = Array.from({ length }, (_, i) => words[i % words.length]).join(" ") || null;
    const bytes = await proposalPdf({ ...view, notes });
    const { pages, used } = await lastPageOf(bytes);
    seen.add(pages);
    expect(
      pages === 1 || used >= NEAR_EMPTY,
      `notes of ${length} words: last page used ${used.toFixed(0)} pt`,
    ).toBe(true);
    // The model cancellation form is filled in and sent back whole: its heading and its last line
    // on the same page, whichever page the notes push it to.
    const texts = await pdfPages(bytes, FOOTER);
    const heading = pagesWith(texts, "Model cancellation form");
    const last = pagesWith(texts, lastLine);
    expect(heading, `notes of ${length} words: the form's heading`).toHaveLength(1);
    expect(last, `notes of ${length} words: the form's last line on the heading's page`).toEqual(heading);
    formPages.add(heading[0]!);
  }
  expect([...seen].length, "the notes ran the quote over more than one page count").toBeGreaterThan(1);
  expect([...formPages].length, "the notes moved the form over more than one page").toBeGreaterThan(1);
}, 120_000);
