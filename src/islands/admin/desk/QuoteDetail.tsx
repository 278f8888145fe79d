import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import {
  LeadRefusal,
  StaleLeadError,
  changeLead,
  fetchLead,
  type LeadChange,
  type LeadWithEtag,
} from "../../../lib/leads-api";
import { LEAD_NOTE_MAX_LENGTH, LEAD_STATUS_LABELS } from "../../../lib/lead-model";
import { mailtoLink, telLink } from "../../../lib/links";
import { fullName, replyMailto, type AdminQuote } from "../../../lib/admin/quotes";
import { formatQuoteDate } from "../../../lib/admin/dates";
import { formatFileSize } from "../../../lib/file-size";
import { serviceLabel } from "../../../lib/service-options";
import GuideShown from "./GuideShown";
import NotificationStatus from "./NotificationStatus";
import PaymentsPanel from "./PaymentsPanel";
import PropertyAddressForm from "./PropertyAddressForm";
import ProposalPanel from "./ProposalPanel";
import QuotedAmount from "./QuotedAmount";
import StatusSelect from "./StatusSelect";
import VisitPanel from "./VisitPanel";
import { buttonDangerOutline, buttonOutline, buttonPrimary, buttonSecondary } from "../../button";

interface Props {
  lead: LeadWithEtag;
  businessName: string;
  onBack: () => void;
  /** The lead as the server now has it (after a change, or reloaded after a 412). */
  onChanged: (lead: LeadWithEtag) => void;
  /** Asks to erase the lead (the caller confirms first). */
  onDelete: (submission: AdminQuote) => void;
  onSessionEnded: (error: SessionEndedError) => void;
  /** Reads the lead again (after an e-mail retry). */
  onReload: () => void;
}

type Feedback = { kind: "saved" | "stale" | "error"; text: string } | null;

/** One submission in full: status, notes, source, message, attachments and the ways to answer. */
export default function QuoteDetail({
  lead,
  businessName,
  onBack,
  onChanged,
  onDelete,
  onSessionEnded,
  onReload,
}: Props) {
  const submission = lead.submission;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const name = fullName(submission);
  const id = useId();
  const [note, setNote] = useState("");
  const [saving, setSaving] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  /** Completing asked for the property's address (the server's words), for the guarantee. */
  const [addressNeeded, setAddressNeeded] = useState<string | null>(null);
  const status = submission.status ?? "new";
  const notes = submission.notes ?? [];
  const source = submission.source;

  const save = async (change: LeadChange, done: string): Promise<boolean> => {
    setSaving(true);
    setFeedback(null);
    try {
      onChanged(await changeLead(submission.id, lead.etag, change));
      setFeedback({ kind: "saved", text: done });
      setAddressNeeded(null);
      return true;
    } catch (error) {
      if (error instanceof SessionEndedError) onSessionEnded(error);
      else if (error instanceof LeadRefusal && error.fieldErrors.propertyAddress?.length)
        setAddressNeeded(error.fieldErrors.propertyAddress.join(" "));
      else if (error instanceof StaleLeadError) {
        if (error.current) onChanged(error.current);
        setFeedback({ kind: "stale", text: error.message });
      } else
        setFeedback({
          kind: "error",
          text: `Could not save: ${error instanceof Error ? error.message : String(error)}`,
        });
      return false;
    } finally {
      setSaving(false);
    }
  };

  const addNote = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = note.trim();
    if (!text) return;
    if (await save({ note: text }, "Note added")) setNote("");
  };

  useEffect(() => {
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);

  return (
    <article aria-labelledby="submission-heading" className="space-y-6">
      <button type="button" onClick={onBack} className={buttonOutline}>
        <span aria-hidden="true">←</span> Back to List
      </button>

      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2
            id="submission-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold text-brand-800 focus:outline-none"
          >
            {name}
          </h2>
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
            {serviceLabel(submission.serviceRequired)}
          </span>
        </div>

        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-semibold text-slate-700">E-mail</dt>
            <dd className="break-words">
              <a href={mailtoLink(submission.email)} className="text-brand-700 underline">
                {submission.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">Phone</dt>
            <dd>
              <a href={telLink(submission.phone)} className="text-brand-700 underline">
                {submission.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">Service</dt>
            <dd>{serviceLabel(submission.serviceRequired)}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">Received</dt>
            <dd>
              <time dateTime={submission.createdAt}>{formatQuoteDate(submission.createdAt)}</time>
            </dd>
          </div>
        </dl>

        <div className="mt-6 flex flex-wrap items-end gap-3 rounded-lg bg-slate-50 p-4">
          <div>
            <label htmlFor={`${id}-status`} className="block text-sm font-semibold text-slate-800">
              Status
            </label>
            <StatusSelect
              id={`${id}-status`}
              value={status}
              disabled={saving}
              onChange={(next) => void save({ status: next }, `Status set to ${LEAD_STATUS_LABELS[next]}`)}
              className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-slate-900"
            />
          </div>
          {submission.reference && (
            <p className="text-slate-800">
              Reference <strong>{submission.reference}</strong>
            </p>
          )}
        </div>
        {addressNeeded && (
          <PropertyAddressForm
            message={addressNeeded}
            saving={saving}
            onSubmit={(propertyAddress) =>
              void save(
                { status: "completed", propertyAddress },
                `Status set to ${LEAD_STATUS_LABELS.completed}: the invoice and the guarantee are on their way to the customer`,
              )
            }
            onCancel={() => setAddressNeeded(null)}
          />
        )}
        <div aria-live="polite" className="mt-2 min-h-6">
          {feedback?.kind === "saved" && <p className="text-green-800">{feedback.text}</p>}
        </div>
        {feedback && feedback.kind !== "saved" && (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
            {feedback.text}
          </p>
        )}

        <VisitPanel
          leadId={submission.id}
          name={name}
          visit={submission.visit}
          onReload={async () => onChanged(await fetchLead(submission.id))}
          onSessionEnded={onSessionEnded}
        />

        <h3 className="mt-8 text-lg font-bold text-brand-800">Price guide</h3>
        <div className="mt-2 space-y-4">
          {submission.estimate ? (
            <GuideShown estimate={submission.estimate} />
          ) : (
            <p className="text-slate-700">Not used for this request</p>
          )}
          <QuotedAmount
            status={status}
            quotedAmount={submission.quotedAmount}
            quotedAt={submission.quotedAt}
            saving={saving}
            onSave={(amount) => save({ quotedAmount: amount }, "Amount quoted saved")}
          />
        </div>

        <ProposalPanel
          leadId={submission.id}
          estimate={submission.estimate}
          proposals={submission.proposals ?? []}
          onReload={onReload}
          onSessionEnded={onSessionEnded}
        />

        <PaymentsPanel
          proposals={submission.proposals ?? []}
          invoices={submission.invoices ?? []}
          guarantee={submission.guarantee ?? null}
          onReload={async () => onChanged(await fetchLead(submission.id))}
          onSessionEnded={onSessionEnded}
        />

        <h3 className="mt-8 text-lg font-bold text-brand-800">Message</h3>
        <p className="mt-2 break-words whitespace-pre-wrap text-slate-800">{submission.message}</p>

        <h3 className="mt-8 text-lg font-bold text-brand-800">
          Attachments ({submission.attachments.length})
        </h3>
        {submission.attachments.length === 0 ? (
          <p className="mt-2 text-slate-700">No attachments</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {submission.attachments.map((attachment) => (
              <li key={attachment.url} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0">
                  <a
                    href={attachment.url}
                    download={attachment.name}
                    className="font-semibold break-all text-brand-700 underline"
                  >
                    {attachment.name}
                  </a>
                  <p className="text-sm text-slate-700">{formatFileSize(attachment.size)}</p>
                </div>
                <a
                  href={attachment.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${buttonOutline} min-w-20`}
                >
                  View<span className="sr-only"> {attachment.name} (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}

        <NotificationStatus
          quoteId={submission.id}
          notifications={submission.notifications}
          review={submission.review}
          onRetried={onReload}
          onSessionEnded={onSessionEnded}
        />

        <h3 className="mt-8 text-lg font-bold text-brand-800">Source</h3>
        {source ? (
          <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
            {(
              [
                ["Landing page", source.landingPage],
                ["Referring site", source.referrer],
                ["utm_source", source.utmSource],
                ["utm_medium", source.utmMedium],
                ["utm_campaign", source.utmCampaign],
              ] as const
            )
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-sm font-semibold text-slate-700">{label}</dt>
                  <dd className="break-all">{value}</dd>
                </div>
              ))}
          </dl>
        ) : (
          <p className="mt-2 text-slate-700">Not recorded</p>
        )}

        <h3 className="mt-8 text-lg font-bold text-brand-800">Notes ({notes.length})</h3>
        {notes.length > 0 && (
          <ol className="mt-2 space-y-2">
            {notes.map((item, index) => (
              <li key={`${item.at}-${index}`} className="rounded-lg border border-slate-200 p-3">
                <time dateTime={item.at} className="text-sm font-semibold text-slate-700">
                  {formatQuoteDate(item.at)}
                </time>
                <p className="break-words whitespace-pre-wrap text-slate-900">{item.text}</p>
              </li>
            ))}
          </ol>
        )}
        <form onSubmit={(event) => void addNote(event)} className="mt-3">
          <label htmlFor={`${id}-note`} className="block text-sm font-semibold text-slate-800">
            New note (only you see it)
          </label>
          <textarea
            id={`${id}-note`}
            value={note}
            maxLength={LEAD_NOTE_MAX_LENGTH}
            rows={3}
            onChange={(event) => setNote(event.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-400 p-3 text-slate-900"
          />
          <button type="submit" disabled={saving || !note.trim()} className={`${buttonOutline} mt-2`}>
            Add Note
          </button>
        </form>

        <div className="mt-8 flex flex-wrap gap-3">
          <a href={replyMailto(submission, businessName)} className={buttonPrimary}>
            Send Email
          </a>
          <a href={telLink(submission.phone)} className={buttonSecondary}>
            Call Customer
          </a>
          <button type="button" onClick={() => onDelete(submission)} className={buttonDangerOutline}>
            Delete Lead
          </button>
        </div>
      </div>
    </article>
  );
}
