import { storedEstimate } from "../../../lib/price-guide/estimate";
import { formatReviewed, guideShownText } from "../../../lib/price-guide/format";

interface Props {
  /** The lead's `estimate` as the API sent it. */
  estimate: unknown;
  /** The list's one line, or the detail's lines with the answers and the review date. */
  compact?: boolean;
}

/** "Guide shown: £3,800 – £5,200": the price guide range the visitor saw before asking for a quote. */
export default function GuideShown({ estimate: value, compact = false }: Props) {
  const estimate = storedEstimate(value);
  if (!estimate) return null;
  if (compact) {
    return (
      <p className="mt-2 text-sm text-slate-800">
        <strong className="font-semibold">{guideShownText(estimate)}</strong> · {estimate.label}
      </p>
    );
  }
  return (
    <div>
      <p className="font-semibold text-slate-900">{guideShownText(estimate)}</p>
      <p className="text-slate-800">
        {estimate.label}
        {estimate.details && ` · ${estimate.details}`}
      </p>
      <p className="text-sm text-slate-700">
        VAT included. Price guide reviewed {formatReviewed(estimate.reviewed)}.
      </p>
    </div>
  );
}
