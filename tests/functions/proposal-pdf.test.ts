/**
 * The written quote's PDF (netlify/lib/proposals/proposal-pdf.ts) read back as text with PDF.js:
 * every figure and sentence the customer's page shows (the same QuoteView) is in it, £ signs and
 * accented names included, and the acceptance once accepted.
 */
import { expect, test } from "vitest";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { newReference } from "../../netlify/lib/quote/reference.ts";
import { createProposal, sendProposal } from "../../netlify/lib/proposals/proposal-desk.ts";
import { acceptProposal, documentOfToken } from "../../netlify/lib/proposals/proposal-answers.ts";
import { proposalPdf } from "../../netlify/lib/proposals/proposal-pdf.ts";
import { formatPounds } from "../../src/lib/proposals/money.ts";
import { paragraphsOf, type QuoteView } from "../../src/lib/proposals/quote-document.ts";
import { useBlobs } from "./blobs.ts";
import { saveQuote } from "./database.ts";

useBlobs();

/** The PDF's text, whitespace folded, as a reader copying it would get it. */
async function textOf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? " " : "") : "")).join(""),
    );
  }
  return pages.join(" ").replace(/\s+/g, " ");
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
    ...view.lines.map((line) => formatPounds(line.net)),
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
  const sentText = await textOf(await proposalPdf(sent));
  expectViewIn(sentText, sent);
  expect(sentText).toContain("Łucja Ó Súilleabháin-Wiśniewska");
  expect(sentText).not.toContain("Acceptance");

  await acceptProposal(
    token,
    { name: "Łucja Ó Súilleabháin-Wiśniewska", agree: true, startEarly: true, options: [1] },
    { clientHash: "c".repeat(64), userAgent: "test" },
  );
  const accepted = await documentOfToken(token);
  const acceptedBytes = await proposalPdf(accepted);
  const acceptedText = await textOf(acceptedBytes);
  expectViewIn(acceptedText, accepted);
  expect(acceptedText).toContain("Acceptance");
  expect(acceptedText).toContain("by Łucja Ó Súilleabháin-Wiśniewska");
  expect(acceptedText).toContain(formatPounds(accepted.decision!.totals!.total));
  expect(acceptedText).toContain("Optional lines chosen: New lead flashing to the chimney.");
  expect(acceptedText).toContain("Asked for the work to start within the 14-day cancellation period");
  expect(acceptedText).toContain(accepted.documentHash!);
  if (process.env.PROPOSAL_PDF_OUT)
    (await import("node:fs")).writeFileSync(process.env.PROPOSAL_PDF_OUT, acceptedBytes);
});
