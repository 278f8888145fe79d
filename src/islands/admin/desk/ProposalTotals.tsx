import { formatPounds } from "../../../lib/proposals/money";
import { guideShownText } from "../../../lib/price-guide/format";
import type { StoredEstimate } from "../../../lib/price-guide/estimate";
import type { DraftTotals } from "./proposal-draft";

interface Props {
  totals: DraftTotals;
  /** The price guide's band the visitor saw, if they used it. */
  band: StoredEstimate | undefined;
  /** A trade customer (the reverse charge): they pay the net and account for the VAT. */
  trade: boolean;
}

/** The draft's totals as typed, beside the price guide's range the customer saw. */
export default function ProposalTotals({ totals: { totals, withOptions, deposit }, band, trade }: Props) {
  return (
    <div className="grid gap-3 rounded-lg border border-slate-300 bg-white p-3 sm:grid-cols-2">
      <dl className="space-y-1 text-slate-900">
        <div className="flex justify-between gap-3 text-lg font-bold">
          <dt>{trade ? "To pay, no VAT (reverse charge)" : "Total including VAT"}</dt>
          <dd className="tabular-nums" data-desk-total>
            {formatPounds(trade ? totals.net : totals.total)}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>{trade ? "VAT for them to account for" : "VAT"}</dt>
          <dd className="tabular-nums">{formatPounds(totals.vat)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>Without VAT</dt>
          <dd className="tabular-nums">{formatPounds(totals.net)}</dd>
        </div>
        {deposit !== null && (
          <div className="flex justify-between gap-3">
            <dt>Deposit</dt>
            <dd className="tabular-nums">{formatPounds(deposit)}</dd>
          </div>
        )}
        {withOptions.total !== totals.total && (
          <div className="flex justify-between gap-3 text-sm">
            <dt>With every optional line</dt>
            <dd className="tabular-nums">{formatPounds(withOptions.total)}</dd>
          </div>
        )}
      </dl>
      <div className="text-slate-800">
        {band ? (
          <>
            <p className="font-semibold">{guideShownText(band)}</p>
            <p className="text-sm">{band.label} · VAT included</p>
          </>
        ) : (
          <p className="text-sm">No price guide range for this lead</p>
        )}
      </div>
    </div>
  );
}
