import { useEffect, useRef } from "react";
import { telLink } from "../../lib/links";
import {
  formatFileSize,
  formatSubmissionDate,
  fullName,
  replyMailto,
  serviceLabel,
  type AdminSubmission,
} from "../../lib/contact-admin";
import NotificationStatus from "./NotificationStatus";
import { buttonOutline, buttonPrimary, buttonSecondary } from "./ui";

interface Props {
  submission: AdminSubmission;
  businessName: string;
  onBack: () => void;
  onReload: () => void;
  onSessionEnded: (message: string) => void;
}

/** One submission in full: message, attachments and the ways to answer the customer. */
export default function SubmissionDetail({
  submission,
  businessName,
  onBack,
  onReload,
  onSessionEnded,
}: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const name = fullName(submission);

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
              <a href={`mailto:${submission.email}`} className="text-brand-700 underline">
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
          {submission.reference && (
            <div>
              <dt className="text-sm font-semibold text-slate-700">Reference</dt>
              <dd className="font-mono">{submission.reference}</dd>
            </div>
          )}
          <div>
            <dt className="text-sm font-semibold text-slate-700">Received</dt>
            <dd>
              <time dateTime={submission.createdAt}>{formatSubmissionDate(submission.createdAt)}</time>
            </dd>
          </div>
        </dl>

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
          submissionId={submission.id}
          notifications={submission.notifications}
          onRetried={onReload}
          onSessionEnded={onSessionEnded}
        />

        <div className="mt-8 flex flex-wrap gap-3">
          <a href={replyMailto(submission, businessName)} className={buttonPrimary}>
            Send Email
          </a>
          <a href={telLink(submission.phone)} className={buttonSecondary}>
            Call Customer
          </a>
        </div>
      </div>
    </article>
  );
}
