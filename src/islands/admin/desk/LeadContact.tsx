import { formatQuoteDate } from "../../../lib/admin/dates";
import type { AdminQuote } from "../../../lib/admin/quotes";
import { mailtoLink, telLink } from "../../../lib/links";
import { serviceLabel } from "../../../lib/service-options";

/** Who wrote and how to reach them: e-mail, phone, the service asked for, when it came in. */
export default function LeadContact({ submission }: { submission: AdminQuote }) {
  return (
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
  );
}
