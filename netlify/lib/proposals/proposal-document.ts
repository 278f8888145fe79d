/**
 * The document of a written quote from its row, its lead and the business details
 * (src/lib/proposals/quote-document.ts has the shape), and the customer's view of it. Server-only:
 * it hashes with node:crypto and reads content/business.yaml.
 */
import { createHash } from "node:crypto";
import { depositOf, lineNet, totalsOf, vatBands } from "../../../src/lib/proposals/money.ts";
import {
  CANCELLATION_DAYS,
  canonicalJson,
  termForService,
  TRADE_CANCELLATION_TEXT,
  type QuoteDecision,
  type QuoteDocument,
  type QuoteView,
} from "../../../src/lib/proposals/quote-document.ts";
import { payableOf } from "../../../src/lib/proposals/reverse-charge.ts";
import { type ProposalStatus } from "../../../src/lib/proposals/proposal-status.ts";
import { endOfUkDayAfter } from "../../../src/lib/proposals/uk-time.ts";
import { businessDetails, documentBusiness } from "../business.ts";
import type { AcceptanceRow, ProposalRow } from "./proposal-records.ts";
import { isoOrNull } from "../http/iso-time.ts";

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The SHA-256 of a document's canonical JSON: what the acceptance records. */
export const documentHashOf = (document: QuoteDocument) => sha256(canonicalJson(document));

/** The quote's number: the lead's reference and the version (a lead from before references: its id's start). */
export function proposalNumber(reference: string | null, leadId: string, version: number): string {
  return `${reference ?? `Q-${leadId.slice(0, 8).toUpperCase()}`}-${version}`;
}

export async function buildDocument(
  row: Pick<ProposalRow, "lines" | "deposit_percent" | "notes" | "start_window">,
  meta: {
    number: string;
    issuedAt: number;
    validUntil: number;
    customerName: string;
    /** The lead's service: the guarantee term the quote states. */
    service: string;
    /** The lead's VAT number when it is a trade customer (the reverse charge). */
    tradeVatNumber?: string | null;
  },
): Promise<QuoteDocument> {
  const business = await businessDetails();
  const totals = totalsOf(row.lines);
  const terms = business.quoteTerms;
  const letterhead = documentBusiness(business);
  const trader = `${letterhead.name}, ${letterhead.address}, telephone ${letterhead.phone}, e-mail ${letterhead.email}`;
  return {
    number: meta.number,
    issuedAt: new Date(meta.issuedAt).toISOString(),
    validUntil: new Date(meta.validUntil).toISOString(),
    business: letterhead,
    customer: { name: meta.customerName },
    ...(business.bank ? { bank: { ...business.bank } } : {}),
    lines: row.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      optional: line.optional === true,
      guaranteed: line.guaranteed !== false,
      net: lineNet(line),
    })),
    vatBands: vatBands(row.lines),
    totals,
    depositPercent: row.deposit_percent,
    deposit: depositOf(payableOf(totals, !!meta.tradeVatNumber), row.deposit_percent),
    ...(meta.tradeVatNumber ? { tradeCustomer: { vatNumber: meta.tradeVatNumber } } : {}),
    startWindow: row.start_window,
    notes: row.notes,
    terms: {
      payment: terms.payment,
      // The one term this quote's work takes, as its certificate will state it.
      guarantees: [termForService(terms.guarantees, meta.service)],
      guaranteeConditions: terms.guaranteeConditions,
      complaints: terms.complaints,
      cancellationNotice: terms.cancellationNotice.replaceAll("{trader}", trader),
      cancellationForm: terms.cancellationForm.replaceAll("{trader}", trader),
      // A business customer has no consumer right to cancel: their quote says what applies instead.
      ...(meta.tradeVatNumber
        ? { tradeCancellation: terms.tradeCancellation ?? TRADE_CANCELLATION_TEXT }
        : {}),
    },
  };
}

/** A sent quote still waiting for the customer, past its date, reads as expired. */
export function effectiveStatus(
  row: Pick<ProposalRow, "status" | "valid_until">,
  now: number,
): ProposalStatus {
  if (
    (row.status === "sent" || row.status === "viewed") &&
    row.valid_until &&
    row.valid_until.getTime() < now
  )
    return "expired";
  return row.status;
}

/** The last moment an acceptance may be cancelled: the end of the 14th UK day after it. */
export const cancellableUntil = (acceptedAt: Date) =>
  endOfUkDayAfter(acceptedAt.getTime(), CANCELLATION_DAYS);

export function decisionOf(row: ProposalRow, acceptance: AcceptanceRow | null): QuoteDecision | null {
  if (acceptance) {
    const lines = row.document?.lines ?? [];
    return {
      kind: "accepted",
      at: acceptance.accepted_at.toISOString(),
      name: acceptance.name,
      options: acceptance.options,
      startEarly: acceptance.start_early,
      totals: { net: acceptance.totals.net, vat: acceptance.totals.vat, total: acceptance.totals.total },
      vatBands: vatBands(lines, acceptance.options),
      deposit: acceptance.totals.deposit,
      cancelledAt: isoOrNull(row.cancelled_at),
      cancellableUntil: new Date(cancellableUntil(acceptance.accepted_at)).toISOString(),
    };
  }
  if (row.status === "declined" && row.decided_at)
    return { kind: "declined", at: row.decided_at.toISOString(), reason: row.decline_reason };
  return null;
}

/** What the customer's page shows of a sent quote. */
export function viewOf(row: ProposalRow, acceptance: AcceptanceRow | null, now: number): QuoteView {
  if (!row.document) throw new Error("A quote that was never sent has no customer view");
  return {
    ...row.document,
    status: effectiveStatus(row, now),
    documentHash: row.document_hash,
    decision: decisionOf(row, acceptance),
  };
}
