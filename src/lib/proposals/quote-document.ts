/**
 * The written quote's document (docs/proposals.md): what the customer reads, frozen when it is sent
 * and hashed (SHA-256 of its canonical JSON), and the view of it the customer's page, the desk's
 * preview and the PDF all render. One shape, so the page and the PDF cannot disagree.
 * Browser-safe: no Node APIs.
 */
import type { Totals, VatBand, VatRate } from "./money";
import type { ProposalStatus } from "./proposal-status";
import type { TradeCustomer } from "./reverse-charge";

/** The business as every document names it: what HMRC asks of a VAT invoice's supplier. */
export interface DocumentBusiness {
  name: string;
  address: string;
  registeredAddress: string | null;
  phone: string;
  email: string;
  vatNumber: string;
}

export interface DocumentLine {
  description: string;
  quantity: number;
  /** Pence without VAT. */
  unitPrice: number;
  vatRate: VatRate;
  optional: boolean;
  /**
   * On the guarantee certificate when the work is done; false for what the guarantee does not cover
   * (scaffold, skip hire). Quotes sent before the price list have no flag: all their lines count.
   */
  guaranteed?: boolean;
  /** quantity × unitPrice, pence without VAT. */
  net: number;
}

/** Days of a consumer's statutory right to cancel, counted from the day after acceptance, UK time. */
export const CANCELLATION_DAYS = 14;

/**
 * What a trade customer reads instead of the consumer's right to cancel, unless the business's
 * content says otherwise (`quoteTerms.tradeCancellation`): the Consumer Contracts Regulations protect
 * consumers only.
 */
export const TRADE_CANCELLATION_TEXT =
  "As a business customer you do not have the right to cancel that consumers have: once you accept, this quote is a contract on these terms. If you need to change or stop the work, tell us as soon as you can and we will agree with you what is due for the work done and the materials ordered up to then.";

export interface QuoteTerms {
  payment: string;
  guarantees: { work: string; years: number }[];
  guaranteeConditions: string;
  complaints: string;
  /** With the trader's details written in. */
  cancellationNotice: string;
  cancellationForm: string;
  /** A trade customer's quote: what applies instead of the consumer's right to cancel. */
  tradeCancellation?: string;
}

export interface QuoteDocument {
  number: string;
  /** ISO time it was sent (the desk's preview: now). */
  issuedAt: string;
  /** ISO time: the end of the 30th day after sending, UK time. */
  validUntil: string;
  business: DocumentBusiness;
  customer: { name: string };
  /** Where to pay by bank transfer, as the business's content said when it was sent; absent on quotes sent before. */
  bank?: { accountName: string; sortCode: string; accountNumber: string };
  lines: DocumentLine[];
  /** Optional lines left out. */
  vatBands: VatBand[];
  totals: Totals;
  depositPercent: number;
  /** Of what the customer pays: with VAT, or the net for a trade customer. */
  deposit: number;
  /**
   * A VAT- and CIS-registered contractor under the domestic reverse charge, as the lead was marked
   * when the quote was sent; absent for a homeowner (and on every quote sent before it existed).
   */
  tradeCustomer?: TradeCustomer;
  startWindow: string | null;
  notes: string | null;
  terms: QuoteTerms;
}

export interface QuoteDecision {
  kind: "accepted" | "declined";
  at: string;
  /** Accepted: the typed name, the optional lines chosen, the early-start answer, the totals. */
  name?: string;
  options?: number[];
  startEarly?: boolean;
  totals?: Totals;
  vatBands?: VatBand[];
  deposit?: number;
  /** Declined: the reason given, if any. */
  reason?: string | null;
  /** Accepted, then cancelled within the period. */
  cancelledAt?: string | null;
  /** Accepted: the last moment the customer may cancel (ISO). */
  cancellableUntil?: string;
}

/** What GET /api/proposals/{token} answers, and what the desk's preview shows. */
export interface QuoteView extends QuoteDocument {
  status: Exclude<ProposalStatus, "draft"> | "draft";
  documentHash: string | null;
  decision: QuoteDecision | null;
}

/** JSON with object keys sorted at every level: the text the document's SHA-256 is taken of. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** "Repairs: 5 years"; a quote sent before terms were chosen by the work: "Repairs: 5 years; New roofs: 10 years" */
/**
 * The guarantee's term for a quote form's service (docs/payments.md, "The guarantee register"): the
 * term listing the service, else the first (Repairs).
 */
export function termForService(
  guarantees: readonly { work: string; years: number; services?: readonly string[] }[],
  service: string,
): { work: string; years: number } {
  const term = guarantees.find((candidate) => (candidate.services ?? []).includes(service)) ?? guarantees[0]!;
  return { work: term.work, years: term.years };
}

/**
 * The term a sent quote stated, when it stated one: quotes sent before the terms were chosen by the
 * work listed every term, and their certificates take the term of the service.
 */
export function statedTerm(document: Pick<QuoteDocument, "terms">): { work: string; years: number } | null {
  const stated = document.terms.guarantees;
  return stated.length === 1 ? stated[0]! : null;
}

export function guaranteeText(terms: Pick<QuoteTerms, "guarantees">): string {
  return terms.guarantees.map((g) => `${g.work}: ${g.years} years`).join("; ");
}

/** A quantity as written on the quote: 2, 2.5, 12.25. */
export function formatQuantity(quantity: number): string {
  return String(Math.round(quantity * 100) / 100);
}

/** The paragraphs of a terms text (blank lines between them). */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
}

/** The longest decline reason, in characters (the page's field and the API's schema). */
export const MAX_DECLINE_REASON = 500;

/** The headings and sentences of the acceptance box, the same on the page and in the PDF. */
export const ACCEPT_TEXTS = {
  agree: "I have read this quote and its terms",
  startEarly:
    "Please start the work within the 14-day cancellation period. I understand that if I cancel after the work has begun, I must pay for the work done up to then.",
  accept: "Accept this quote",
  decline: "Decline",
  rightToCancel: "Your right to cancel",
  modelForm: "Model cancellation form",
} as const;
