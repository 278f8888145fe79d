import { useId } from "react";
import { formatQuoteDate } from "../../../lib/admin/dates";
import { FOLLOW_UP_GROUPS, followUpCount, type FollowUps } from "../../../lib/follow-up/follow-ups";
import { NEW_LEAD_DUE_HOURS, QUOTE_DECISION_DAYS } from "../../../lib/follow-up/rules";
import { buttonOutline } from "../../button";

interface Props {
  followUps: FollowUps | null;
  error: string | null;
  onRetry: () => void;
  /** Opens a lead's detail. */
  onOpen: (id: string) => void;
}

/**
 * What needs the owner, at the top of the lead desk: the same list the morning digest e-mails
 * (new leads not contacted after 24 hours, quotes with no decision after 7 days, failed e-mails).
 */
export default function FollowUpPanel({ followUps, error, onRetry, onOpen }: Props) {
  const headingId = useId();
  const count = followUps ? followUpCount(followUps) : 0;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border p-4 shadow-sm sm:p-6 ${
        count > 0 ? "border-accent-600 bg-accent-50" : "border-slate-200 bg-white"
      }`}
    >
      <h2 id={headingId} className="text-lg font-bold text-brand-800">
        Waiting for you{count > 0 ? ` (${count})` : ""}
      </h2>
      {error && (
        <div role="alert" className="mt-2 text-red-800">
          <p>Could not check what is waiting: {error}</p>
          <button type="button" onClick={onRetry} className={`${buttonOutline} mt-2`}>
            Try Again
          </button>
        </div>
      )}
      {!error && !followUps && (
        <p role="status" className="mt-2 text-slate-700">
          Checking what is waiting...
        </p>
      )}
      {followUps && count === 0 && (
        <p className="mt-2 text-slate-700">
          Nothing is waiting: no new lead has waited {NEW_LEAD_DUE_HOURS} hours, no quote has gone{" "}
          {QUOTE_DECISION_DAYS} days without a decision, and no e-mail has failed.
        </p>
      )}
      {followUps &&
        FOLLOW_UP_GROUPS.filter(({ key }) => followUps[key].total > 0).map(({ key, heading, since }) => {
          const group = followUps[key];
          return (
            <div key={key} className="mt-4">
              <h3 className="font-bold text-slate-900">
                {heading} ({group.total})
              </h3>
              <ul className="mt-1 divide-y divide-accent-100">
                {group.items.map((item) => (
                  <li key={item.id} className="py-2">
                    <button
                      type="button"
                      onClick={() => onOpen(item.id)}
                      className="min-h-11 text-left font-semibold text-brand-700 underline hover:no-underline"
                    >
                      {[item.reference, item.name].filter(Boolean).join(" · ")}
                    </button>
                    <p className="text-sm text-slate-700">
                      {item.service} · {since} {formatQuoteDate(item.since)}
                    </p>
                    {item.detail && <p className="text-sm break-words text-red-800">{item.detail}</p>}
                  </li>
                ))}
              </ul>
              {group.total > group.items.length && (
                <p className="text-sm text-slate-700">…and {group.total - group.items.length} more.</p>
              )}
            </div>
          );
        })}
    </section>
  );
}
