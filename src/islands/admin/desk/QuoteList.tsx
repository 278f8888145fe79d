import type { LeadStatus } from "../../../lib/lead-model";
import { fullName, messagePreview, type AdminQuote } from "../../../lib/admin/quotes";
import { formatQuoteDate } from "../../../lib/admin/dates";
import { serviceLabel } from "../../../lib/service-options";
import { REVIEW_STATE_LABELS } from "../../../lib/follow-up/review-status";
import GuideShown from "./GuideShown";
import { NotificationFailedFlag } from "./NotificationStatus";
import StatusSelect from "./StatusSelect";

interface Props {
  submissions: AdminQuote[];
  onOpen: (id: string) => void;
  /** Quick status change from the list. */
  onStatus: (submission: AdminQuote, status: LeadStatus) => void;
  /** Whether filters or a search narrow the list (changes the empty state). */
  filtered: boolean;
  /** Ids whose status change is under way. */
  busy: ReadonlySet<string>;
}

/** The submissions, newest first (the server's order), each opening its detail view. */
export default function QuoteList({ submissions, onOpen, onStatus, filtered, busy }: Props) {
  if (submissions.length === 0 && filtered) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-10 text-center">
        <p className="text-lg font-semibold text-slate-800">No submissions match</p>
        <p className="mt-1 text-slate-700">Try another search, or clear the filters.</p>
      </div>
    );
  }
  if (submissions.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-10 text-center">
        <p className="text-lg font-semibold text-slate-800">No submissions yet</p>
        <p className="mt-1 text-slate-700">Quote requests sent through the contact form will appear here.</p>
      </div>
    );
  }
  return (
    <ul aria-label="Submissions" className="space-y-4">
      {submissions.map((submission) => {
        const name = fullName(submission);
        const status = submission.status ?? "new";
        return (
          <li key={submission.id}>
            <article className="relative rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="text-lg font-bold text-brand-800">{name}</h2>
                <div className="flex flex-wrap gap-2">
                  {status === "new" && (
                    <span className="rounded-full bg-accent-700 px-3 py-1 text-sm font-semibold text-white">
                      New lead
                    </span>
                  )}
                  <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
                    {serviceLabel(submission.serviceRequired)}
                  </span>
                </div>
              </div>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-3">
                <div className="min-w-0">
                  <dt className="sr-only">E-mail</dt>
                  <dd className="break-words">{submission.email}</dd>
                </div>
                <div>
                  <dt className="sr-only">Phone</dt>
                  <dd>{submission.phone}</dd>
                </div>
                <div>
                  <dt className="sr-only">Received</dt>
                  <dd>
                    <time dateTime={submission.createdAt}>{formatQuoteDate(submission.createdAt)}</time>
                  </dd>
                </div>
              </dl>
              <p className="mt-3 break-words text-slate-800">{messagePreview(submission.message)}</p>
              <GuideShown estimate={submission.estimate} compact />
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <div className="flex flex-wrap items-center gap-3">
                  {/* Above the card-wide button's ::after, so it stays usable. */}
                  <label className="relative z-10 flex items-center gap-2 text-sm font-semibold text-slate-800">
                    Status<span className="sr-only"> of {name}</span>
                    <StatusSelect
                      value={status}
                      disabled={busy.has(submission.id)}
                      onChange={(next) => onStatus(submission, next)}
                      className="min-h-11 rounded-lg border border-slate-400 bg-white px-2 font-normal text-slate-900"
                    />
                  </label>
                  {submission.reference && (
                    <span className="text-sm text-slate-700">{submission.reference}</span>
                  )}
                  <span className="text-sm text-slate-700">
                    {submission.attachments.length > 0 &&
                      `${submission.attachments.length} attachment${submission.attachments.length === 1 ? "" : "s"}`}
                  </span>
                  <NotificationFailedFlag notifications={submission.notifications} />
                  {submission.review && (
                    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800">
                      {REVIEW_STATE_LABELS[submission.review.state]}
                    </span>
                  )}
                </div>
                {/* The button's ::after covers the card, so the whole card opens the detail. */}
                <button
                  type="button"
                  onClick={() => onOpen(submission.id)}
                  data-submission-id={submission.id}
                  className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-accent-700 after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline"
                >
                  View Details<span className="sr-only"> for {name}</span>
                </button>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
