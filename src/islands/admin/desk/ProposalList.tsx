import { formatQuoteDate } from "../../../lib/admin/dates";
import { formatPounds } from "../../../lib/proposals/money";
import { PROPOSAL_STATUS_LABELS } from "../../../lib/proposals/proposal-status";
import type { ProposalSummary } from "../../../lib/proposals/proposals-api";
import { buttonDangerOutline, buttonNeutral, buttonOutline } from "../../button";

interface Props {
  proposals: ProposalSummary[];
  busy: boolean;
  onEdit: (proposalId: string) => void;
  onPreview: (proposalId: string) => void;
  onWithdraw: (proposal: ProposalSummary) => void;
}

const DATE_FIELDS = [
  ["Sent", "sentAt"],
  ["Viewed", "viewedAt"],
  ["Decided", "decidedAt"],
  ["Cancelled", "cancelledAt"],
] as const;

/**
 * The lead's written quotes, newest first, to follow: status, total, when each was sent, viewed,
 * decided or cancelled, the customer's start and reason for declining; edit a draft, preview any,
 * withdraw one not yet answered.
 */
export default function ProposalList({ proposals, busy, onEdit, onPreview, onWithdraw }: Props) {
  if (proposals.length === 0) return null;
  return (
    <ul aria-label="Quotes on this lead" className="mt-2 space-y-2">
      {proposals.map((proposal) => (
        <li key={proposal.id} className="rounded-lg border border-slate-200 p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold text-slate-900">
              {proposal.number ?? `Draft (version ${proposal.version})`}
            </p>
            <p className="rounded-full bg-brand-50 px-3 py-0.5 text-sm font-semibold text-brand-800">
              {PROPOSAL_STATUS_LABELS[proposal.status]}
            </p>
          </div>
          <p className="text-slate-800">{formatPounds(proposal.totals.total)} including VAT</p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-800">
            {DATE_FIELDS.filter(([, key]) => proposal[key]).map(([label, key]) => (
              <div key={key} className="contents">
                <dt className="font-semibold">{label}</dt>
                <dd>{formatQuoteDate(proposal[key]!)}</dd>
              </div>
            ))}
            {proposal.startEarly !== null && (
              <div className="contents">
                <dt className="font-semibold">Start</dt>
                <dd>
                  {proposal.startEarly ? "Asked to start within the 14 days" : "Wait 14 days before starting"}
                </dd>
              </div>
            )}
            {proposal.status === "declined" && (
              <div className="contents">
                <dt className="font-semibold">Reason</dt>
                <dd className="break-words">{proposal.declineReason ?? "None given"}</dd>
              </div>
            )}
          </dl>
          <div className="mt-2 flex flex-wrap gap-2">
            {proposal.status === "draft" && (
              <button
                type="button"
                disabled={busy}
                onClick={() => onEdit(proposal.id)}
                className={buttonOutline}
              >
                Edit<span className="sr-only"> draft version {proposal.version}</span>
              </button>
            )}
            <button
              type="button"
              disabled={busy}
              onClick={() => onPreview(proposal.id)}
              className={buttonNeutral}
            >
              Preview
              <span className="sr-only"> {proposal.number ?? `draft version ${proposal.version}`}</span>
            </button>
            {["draft", "sent", "viewed"].includes(proposal.status) && (
              <button
                type="button"
                disabled={busy}
                onClick={() => onWithdraw(proposal)}
                className={buttonDangerOutline}
              >
                Withdraw
                <span className="sr-only"> {proposal.number ?? `draft version ${proposal.version}`}</span>
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
