/**
 * A written quote as the owner types it on the desk (ProposalPanel): the draft and its lines, the
 * body the API takes, the draft read back from a saved quote, and the live totals.
 */
import { payableOf } from "../../../lib/proposals/reverse-charge";
import {
  depositOf,
  lineNet,
  penceFromPounds,
  totalsOf,
  type Totals,
  type VatRate,
} from "../../../lib/proposals/money";
import { priceListDescription, type PriceListEntry } from "../../../lib/proposals/price-list";
import type { ProposalBody } from "../../../lib/proposals/proposal-schema";
import type { AdminProposal, ProposalSummary } from "../../../lib/proposals/proposals-api";
import { poundsText } from "./pounds-text";

/** A line as typed: the price in pounds, the quantity as text, until saved. */
export interface LineDraft {
  key: number;
  description: string;
  quantity: string;
  price: string;
  vatRate: VatRate;
  optional: boolean;
  /** Off keeps the line off the guarantee certificate (scaffold, skip hire). */
  guaranteed: boolean;
}

export interface Draft {
  id: string | null;
  lines: LineDraft[];
  deposit: string;
  notes: string;
  startWindow: string;
}

let nextKey = 1;
export const emptyLine = (): LineDraft => ({
  key: nextKey++,
  description: "",
  quantity: "1",
  price: "",
  vatRate: 20,
  optional: false,
  guaranteed: true,
});

/** A line from the price list: its description, price and rate filled in, one of it. */
export const lineFromPriceList = (entry: PriceListEntry): LineDraft => ({
  key: nextKey++,
  description: priceListDescription(entry),
  quantity: "1",
  price: poundsText(entry.unitPrice),
  vatRate: entry.vatRate,
  optional: false,
  guaranteed: entry.guaranteed,
});

/** A line nothing has been typed in yet, which a line picked from the price list takes the place of. */
export const isBlankLine = (line: LineDraft) =>
  line.description.trim() === "" && line.price.trim() === "" && line.quantity.trim() === "1";
export const emptyDraft = (): Draft => ({
  id: null,
  lines: [emptyLine()],
  deposit: "25",
  notes: "",
  startWindow: "",
});

const quantityOf = (text: string) => (/^\s*\d+(\.\d{1,2})?\s*$/.test(text) ? Number(text) : Number.NaN);

/** The body the API takes: prices in pence. Unreadable numbers go as they are, for the server's words. */
export function bodyOf(draft: Draft): ProposalBody {
  return {
    lines: draft.lines.map((line) => ({
      description: line.description,
      quantity: quantityOf(line.quantity),
      unitPrice: penceFromPounds(line.price) ?? Number.NaN,
      vatRate: line.vatRate,
      optional: line.optional,
      guaranteed: line.guaranteed,
    })),
    depositPercent: /^\s*\d+\s*$/.test(draft.deposit) ? Number(draft.deposit) : Number.NaN,
    notes: draft.notes.trim() || undefined,
    startWindow: draft.startWindow.trim() || undefined,
  };
}

/** A saved quote opened again for editing: its prices back in pounds. */
export const draftOf = (proposal: AdminProposal): Draft => ({
  id: proposal.id,
  lines: proposal.lines.map((line) => ({
    key: nextKey++,
    description: line.description,
    quantity: String(line.quantity),
    price: poundsText(line.unitPrice),
    vatRate: line.vatRate,
    optional: line.optional,
    guaranteed: line.guaranteed,
  })),
  deposit: String(proposal.depositPercent),
  notes: proposal.notes ?? "",
  startWindow: proposal.startWindow ?? "",
});

/** The list's entry for a quote the server has just answered with. */
export const summaryOf = (proposal: AdminProposal): ProposalSummary => ({
  id: proposal.id,
  number: proposal.number,
  version: proposal.version,
  status: proposal.status,
  totals: proposal.totals,
  sentAt: proposal.sentAt,
  viewedAt: proposal.viewedAt,
  decidedAt: proposal.decidedAt,
  validUntil: proposal.validUntil,
  cancelledAt: proposal.cancelledAt,
  startEarly: null,
  declineReason: proposal.declineReason,
});

export interface DraftTotals {
  totals: Totals;
  /** The total were the customer to choose every optional line. */
  withOptions: Totals;
  /** Null while the deposit's percentage cannot be read. */
  deposit: number | null;
}

/** A line's amount without VAT as typed so far; null while its quantity or price cannot be read. */
export function lineAmount(line: LineDraft): number | null {
  const quantity = quantityOf(line.quantity);
  const unitPrice = penceFromPounds(line.price);
  return Number.isFinite(quantity) && unitPrice !== null ? lineNet({ quantity, unitPrice }) : null;
}

/** The totals as typed so far: a number that cannot be read yet counts as 0. */
export function draftTotals(draft: Draft, trade = false): DraftTotals {
  const body = bodyOf(draft);
  const moneyLines = body.lines.map((line) => ({
    ...line,
    quantity: Number.isFinite(line.quantity) ? line.quantity : 0,
    unitPrice: Number.isFinite(line.unitPrice) ? line.unitPrice : 0,
  }));
  const totals = totalsOf(moneyLines);
  return {
    totals,
    withOptions: totalsOf(
      moneyLines,
      moneyLines.map((_, index) => index),
    ),
    // A trade customer's deposit is a share of the net they pay (the reverse charge).
    deposit: Number.isFinite(body.depositPercent)
      ? depositOf(payableOf(totals, trade), body.depositPercent)
      : null,
  };
}
