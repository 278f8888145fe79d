/**
 * The written quote as a PDF (docs/proposals.md, "The PDF"): the one module that draws it, from the
 * same view the customer's page renders (QuoteView), in the page's order, with the acceptance once
 * accepted: the property's address, the optional extras apart, the deposit, the balance and the bank
 * details in the page's words (src/lib/proposals/quote-words.ts), and no near-empty last page. Drawn with the writer every PDF of the business shares (netlify/lib/pdf/pdf-writer.ts):
 * real text in embedded Noto Sans, so £ and accented names come out right.
 */
import { formatPounds } from "../../../src/lib/proposals/money.ts";
import { REVERSE_CHARGE_TEXT } from "../../../src/lib/proposals/reverse-charge.ts";
import {
  ACCEPT_TEXTS,
  formatQuantity,
  guaranteeText,
  paragraphsOf,
  type QuoteView,
} from "../../../src/lib/proposals/quote-document.ts";
import {
  balanceWords,
  cancelWords,
  depositWords,
  extrasOf,
  figuresOf,
  optionalIndexes,
  propertyWords,
  totalWithExtras,
  tradeCancellationText,
} from "../../../src/lib/proposals/quote-words.ts";
import type { PostalAddress } from "../../../src/lib/payments/payment-documents.ts";
import { formatUkDate, formatUkDateTime } from "../../../src/lib/proposals/uk-time.ts";
import { MUTED, startPdf, sumColumns, type Writer } from "../pdf/pdf-writer.ts";

/** The file name of a quote's PDF. */
export function proposalPdfName(view: Pick<QuoteView, "number" | "status">): string {
  return `${view.status === "accepted" ? "Accepted quote" : "Quote"} ${view.number}.pdf`;
}

/** What the PDF names besides the quote: the property (null: not known yet). */
export interface ProposalPdfExtras {
  propertyAddress?: PostalAddress | null;
}

/**
 * A last page filled less than this (points of its height) is near-empty: the fine print (the terms'
 * texts) is then set smaller, down to the last of FINE_PRINT, to bring it back onto the page before.
 */
const NEAR_EMPTY = 160;
const FINE_PRINT = [10, 9, 8.5];

/** The PDF of a quote: what the page shows, the cancellation notice and form, and the acceptance once given. */
export async function proposalPdf(view: QuoteView, extras: ProposalPdfExtras = {}): Promise<Uint8Array> {
  let w = await drawProposal(view, extras, FINE_PRINT[0]!);
  for (const size of FINE_PRINT.slice(1)) {
    if (w.pages.length === 1 || w.usedOnPage() >= NEAR_EMPTY) break;
    const smaller = await drawProposal(view, extras, size);
    if (smaller.pages.length < w.pages.length || smaller.usedOnPage() >= NEAR_EMPTY) w = smaller;
  }
  w.footers(`Quote ${view.number}`);
  return w.doc.save();
}

async function drawProposal(view: QuoteView, extras: ProposalPdfExtras, fine: number): Promise<Writer> {
  const w = await startPdf({
    title: `Quote ${view.number} – ${view.business.name}`,
    author: view.business.name,
  });
  w.letterhead(view.business);

  w.heading(`Quote ${view.number}`, 16);
  w.paragraph(`For ${view.customer.name}`, { size: 11, bold: true, gap: 2 });
  const property = propertyWords(extras.propertyAddress);
  if (property) w.paragraph(`Property: ${property}`, { size: 10, gap: 2 });
  w.paragraph(
    `Date ${formatUkDate(Date.parse(view.issuedAt))} · Valid until ${formatUkDate(Date.parse(view.validUntil))}`,
    { size: 10 },
  );

  const columns = [245, 40, 75, 40, 95];
  const cells = (index: number, amount: string) => {
    const line = view.lines[index]!;
    return [
      line.description,
      formatQuantity(line.quantity),
      formatPounds(line.unitPrice),
      `${line.vatRate}%`,
      amount,
    ];
  };
  w.table(
    ["Work", "Qty", "Unit price", "VAT", "Amount"],
    view.lines.flatMap((line, index) => (line.optional ? [] : [cells(index, formatPounds(line.net))])),
    columns,
  );
  const accepted = view.decision?.kind === "accepted" ? view.decision : null;
  const trade = view.tradeCustomer;
  const optional = extrasOf(view);
  if (optional.length) {
    // The extras apart, with what each adds: never among the work's amounts (DESIGN §23).
    w.heading("Optional extras", 11);
    w.paragraph(
      accepted
        ? "Only the extras marked chosen are in the total."
        : "Not in the total unless you choose them.",
      { size: 9, colour: MUTED, gap: 2 },
    );
    w.table(
      ["Optional extra", "Qty", "Unit price", "VAT", trade ? "Adds (no VAT)" : "Adds (inc. VAT)"],
      optional.map(({ index, adds }) => {
        const row = cells(index, formatPounds(adds));
        if (accepted?.options?.includes(index)) row[0] = `${row[0]} (chosen)`;
        return row;
      }),
      columns,
    );
  }
  const figures = figuresOf(view, accepted?.options ?? []);
  const { totals } = figures;
  const bands = accepted?.vatBands ?? view.vatBands;
  const sums = sumColumns(columns);
  w.row(["Price without VAT", formatPounds(totals.net)], sums);
  for (const band of bands)
    w.row(
      [
        `VAT at ${band.rate}% on ${formatPounds(band.net)}${trade ? ", for you to account for" : ""}`,
        formatPounds(band.vat),
      ],
      sums,
    );
  const withChosen = accepted?.options?.length ? ", with the extras chosen" : "";
  if (trade) {
    // The domestic reverse charge: the VAT is shown, not charged; the customer pays the net.
    w.row(["VAT for you to account for", formatPounds(totals.vat)], sums);
    w.row([`Total to pay (no VAT charged)${withChosen}`, formatPounds(totals.net)], sums, {
      bold: true,
      size: 12,
    });
  } else {
    w.row(["VAT in total", formatPounds(totals.vat)], sums);
    w.row([`Total including VAT${withChosen}`, formatPounds(totals.total)], sums, { bold: true, size: 12 });
  }
  if (optional.length && !accepted)
    w.row(["With the optional extras", formatPounds(totalWithExtras(view))], sums, { bold: true });
  if (trade)
    w.paragraph(`${REVERSE_CHARGE_TEXT}. Your VAT number: ${trade.vatNumber}.`, { bold: true, size: 10 });

  w.heading("Paying");
  w.paragraph(depositWords(view, figures), { size: 10, gap: 2 });
  w.paragraph(balanceWords(figures), { size: 10 });
  if (view.bank) {
    w.field("Bank transfer to", view.bank.accountName);
    w.field("Sort code", view.bank.sortCode);
    w.field("Account number", view.bank.accountNumber);
    w.field("Reference", view.number, { bold: true });
  }
  // Open: how the period is counted. Accepted: the acceptance below names its last day.
  const cancel = accepted ? null : cancelWords(view, Date.now());
  if (cancel) w.paragraph(cancel, { size: 10, bold: true });

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
  w.paragraph(view.terms.guaranteeConditions, { size: fine });
  w.heading("Payment terms");
  w.paragraph(view.terms.payment, { size: fine });
  w.heading("How to complain");
  w.paragraph(view.terms.complaints, { size: fine });
  if (trade) {
    // A business customer has no consumer right to cancel (docs/proposals.md, "Trade customers").
    w.heading("Cancelling");
    for (const p of paragraphsOf(tradeCancellationText(view))) w.paragraph(p, { size: fine });
  } else {
    w.heading(ACCEPT_TEXTS.rightToCancel);
    for (const p of paragraphsOf(view.terms.cancellationNotice)) w.paragraph(p, { size: fine });
    // The form is filled in and sent back whole: never split over two pages.
    w.keptTogether(ACCEPT_TEXTS.modelForm, paragraphsOf(view.terms.cancellationForm), { size: fine });
  }

  if (accepted) {
    w.heading("Acceptance");
    w.paragraph(
      `Accepted online on ${formatUkDateTime(Date.parse(accepted.at))} (UK time) by ${accepted.name}, who confirmed: "${ACCEPT_TEXTS.agree}".`,
    );
    const chosen = (accepted.options ?? []).map((index) => view.lines[index]?.description).filter(Boolean);
    if (optionalIndexes(view).length)
      w.paragraph(
        chosen.length ? `Optional lines chosen: ${chosen.join("; ")}.` : "No optional lines chosen.",
      );
    if (!trade) {
      w.paragraph(
        accepted.startEarly
          ? `Asked for the work to start within the 14-day cancellation period: "${ACCEPT_TEXTS.startEarly}"`
          : "Did not ask for the work to start within the 14-day cancellation period.",
      );
      if (accepted.cancellableUntil)
        w.paragraph(
          `The cancellation period ends at the end of ${formatUkDate(Date.parse(accepted.cancellableUntil))} (UK time).`,
        );
    }
    if (accepted.cancelledAt)
      w.paragraph(`Cancelled on ${formatUkDateTime(Date.parse(accepted.cancelledAt))} (UK time).`, {
        bold: true,
      });
  }
  if (view.documentHash)
    w.paragraph(`Document fingerprint (SHA-256): ${view.documentHash}`, { size: 7.5, colour: MUTED });
  return w;
}
