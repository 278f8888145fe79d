/**
 * The written quote as a PDF (docs/proposals.md, "The PDF"): the one module that draws it, from the
 * same view the customer's page renders (QuoteView), in the page's order, with the acceptance once
 * accepted. Drawn with the writer every PDF of the business shares (netlify/lib/pdf/pdf-writer.ts):
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
import { formatUkDate, formatUkDateTime } from "../../../src/lib/proposals/uk-time.ts";
import { MUTED, startPdf, sumColumns } from "../pdf/pdf-writer.ts";

/** The file name of a quote's PDF. */
export function proposalPdfName(view: Pick<QuoteView, "number" | "status">): string {
  return `${view.status === "accepted" ? "Accepted quote" : "Quote"} ${view.number}.pdf`;
}

/** The PDF of a quote: what the page shows, the cancellation notice and form, and the acceptance once given. */
export async function proposalPdf(view: QuoteView): Promise<Uint8Array> {
  const w = await startPdf({
    title: `Quote ${view.number} – ${view.business.name}`,
    author: view.business.name,
  });
  w.letterhead(view.business);

  w.heading(`Quote ${view.number}`, 16);
  w.paragraph(`For ${view.customer.name}`, { size: 11, bold: true, gap: 2 });
  w.paragraph(
    `Date ${formatUkDate(Date.parse(view.issuedAt))} · Valid until ${formatUkDate(Date.parse(view.validUntil))}`,
    {
      size: 10,
    },
  );

  const columns = [245, 40, 75, 40, 95];
  w.table(
    ["Work", "Qty", "Unit price", "VAT", "Amount"],
    view.lines.map((line) => [
      line.optional ? `${line.description} (optional)` : line.description,
      formatQuantity(line.quantity),
      formatPounds(line.unitPrice),
      `${line.vatRate}%`,
      formatPounds(line.net),
    ]),
    columns,
  );
  const accepted = view.decision?.kind === "accepted" ? view.decision : null;
  const totals = accepted?.totals ?? view.totals;
  const bands = accepted?.vatBands ?? view.vatBands;
  const deposit = accepted?.deposit ?? view.deposit;
  const sums = sumColumns(columns);
  w.row(["Price without VAT", formatPounds(totals.net)], sums);
  const trade = view.tradeCustomer;
  for (const band of bands)
    w.row(
      [
        `VAT at ${band.rate}% on ${formatPounds(band.net)}${trade ? ", for you to account for" : ""}`,
        formatPounds(band.vat),
      ],
      sums,
    );
  if (trade) {
    // The domestic reverse charge: the VAT is shown, not charged; the customer pays the net.
    w.row(["VAT for you to account for", formatPounds(totals.vat)], sums);
    w.row(["Total to pay (no VAT charged)", formatPounds(totals.net)], sums, { bold: true, size: 12 });
    w.paragraph(`${REVERSE_CHARGE_TEXT}. Your VAT number: ${trade.vatNumber}.`, { bold: true, size: 10 });
  } else {
    w.row(["VAT in total", formatPounds(totals.vat)], sums);
    w.row(["Total including VAT", formatPounds(totals.total)], sums, { bold: true, size: 12 });
  }
  if (accepted && view.lines.some((line) => line.optional))
    w.paragraph("The totals include the optional lines chosen when the quote was accepted.", {
      size: 9,
      colour: MUTED,
    });
  if (view.depositPercent > 0)
    w.paragraph(
      `Deposit on acceptance: ${formatPounds(deposit)} (${view.depositPercent}% of the total${trade ? " to pay" : ""}).`,
      {
        size: 10,
      },
    );
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

  w.footers(`Quote ${view.number}`);
  return w.doc.save();
}
