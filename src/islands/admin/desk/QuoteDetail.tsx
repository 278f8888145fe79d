import { useEffect, useId, useRef } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { fetchLead, type LeadWithEtag } from "../../../lib/leads-api";
import { LEAD_STATUS_LABELS } from "../../../lib/lead-model";
import { smsLink, telLink } from "../../../lib/links";
import { fullName, replyMailto, type AdminQuote } from "../../../lib/admin/quotes";
import { serviceLabel } from "../../../lib/service-options";
import { reviewWaitsFor } from "../../../lib/follow-up/review-status";
import GuideShown from "./GuideShown";
import JobDone from "./JobDone";
import LeadAttachments from "./LeadAttachments";
import LeadContact from "./LeadContact";
import LeadNotes from "./LeadNotes";
import LeadSourceList from "./LeadSourceList";
import NotificationStatus from "./NotificationStatus";
import PaymentsPanel from "./PaymentsPanel";
import ProposalPanel from "./ProposalPanel";
import QuotedAmount from "./QuotedAmount";
import StatusSelect from "./StatusSelect";
import TradeCustomer from "./TradeCustomer";
import VisitPanel from "./VisitPanel";
import { useLeadChange } from "./use-lead-change";
import type { LeadFocus } from "./use-lead-detail";
import { useIsOwner } from "./desk-user";
import { buttonDangerOutline, buttonOutline, buttonPrimary, buttonSecondary } from "../../button";
import Field from "./Field";

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
  /** The part brought into view once read (LeadFocus). */
  focus?: LeadFocus;
}

/**
 * One lead in full, in the owner's order (docs/lead-desk.md, "On the owner's phone"): the ways to
 * answer and the message first, the photos and the contact details, then the next steps (status,
 * Job done, visit, quote, payments), then the history (e-mails, source, notes).
 */
export default function QuoteDetail({
  lead,
  businessName,
  onBack,
  onChanged,
  onDelete,
  onSessionEnded,
  onReload,
  focus,
}: Props) {
  const submission = lead.submission;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const name = fullName(submission);
  const id = useId();
  const { saving, feedback, addressNeeded, save, cancelAddress } = useLeadChange({
    lead,
    onChanged,
    onSessionEnded,
  });
  const status = submission.status ?? "new";
  const owner = useIsOwner();

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

        {/* What the owner reaches for first, in a phone's first screen: the ways to answer, then what they wrote. */}
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={telLink(submission.phone)} className={buttonSecondary}>
            Call Customer
          </a>
          <a href={replyMailto(submission, businessName)} className={buttonPrimary}>
            Send Email
          </a>
          <a href={smsLink(submission.phone)} className={buttonOutline}>
            Text
          </a>
        </div>

        <h3 className="mt-6 text-lg font-bold text-brand-800">Message</h3>
        <p className="mt-2 break-words whitespace-pre-wrap text-slate-800">{submission.message}</p>

        <LeadAttachments attachments={submission.attachments} />

        <LeadContact submission={submission} />

        <div className="mt-6 flex flex-wrap items-end gap-3 rounded-lg bg-slate-50 p-4">
          <Field id={`${id}-status`} label="Status">
            <StatusSelect
              id={`${id}-status`}
              value={status}
              disabled={saving}
              omit={["completed"]}
              onChange={(next) => void save({ status: next }, `Status set to ${LEAD_STATUS_LABELS[next]}`)}
              className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-slate-900"
            />
          </Field>
          {submission.reference && (
            <p className="text-slate-800">
              Reference <strong>{submission.reference}</strong>
            </p>
          )}
        </div>
        {status !== "completed" && (
          <JobDone
            submission={submission}
            saving={saving}
            addressNeeded={addressNeeded}
            onComplete={(change, done) => void save(change, done)}
            onCancelAddress={cancelAddress}
            onSessionEnded={onSessionEnded}
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

        <TradeCustomer
          key={`${submission.id}-${submission.tradeCustomer?.vatNumber ?? ""}`}
          tradeCustomer={submission.tradeCustomer ?? null}
          fixed={(submission.proposals ?? []).some((proposal) => proposal.sentAt !== null)}
          saving={saving}
          onSave={(tradeCustomer) =>
            save({ tradeCustomer }, tradeCustomer ? "Marked as a trade customer" : "Marked as a homeowner")
          }
        />

        <ProposalPanel
          leadId={submission.id}
          estimate={submission.estimate}
          trade={!!submission.tradeCustomer}
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
          focusOnLoad={focus === "payments"}
        />

        <NotificationStatus
          quoteId={submission.id}
          notifications={submission.notifications}
          review={submission.review}
          reviewWaitsFor={reviewWaitsFor(submission)}
          onRetried={onReload}
          onSessionEnded={onSessionEnded}
        />

        <LeadSourceList source={submission.source} />

        <LeadNotes
          id={id}
          notes={submission.notes ?? []}
          saving={saving}
          onAdd={(text) => save({ note: text }, "Note added")}
        />

        {owner && (
          <div className="mt-8">
            <button type="button" onClick={() => onDelete(submission)} className={buttonDangerOutline}>
              Delete Lead
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
