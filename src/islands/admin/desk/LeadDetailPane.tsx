import { SessionEndedError } from "../../../lib/admin/api";
import type { AdminQuote } from "../../../lib/admin/quotes";
import type { LeadWithEtag } from "../../../lib/leads-api";
import { buttonOutline } from "../../button";
import QuoteDetail from "./QuoteDetail";
import type { DetailState } from "./use-lead-detail";

interface Props {
  detail: DetailState;
  businessName: string;
  onOpen: (leadId: string) => void;
  onBack: () => void;
  onChanged: (lead: LeadWithEtag) => void;
  onDelete: (submission: AdminQuote) => void;
  onSessionEnded: (error: SessionEndedError) => void;
}

/** The open lead: loading, the reason it could not load (try again, back), or the lead in full. */
export default function LeadDetailPane({
  detail,
  businessName,
  onOpen,
  onBack,
  onChanged,
  onDelete,
  onSessionEnded,
}: Props) {
  return (
    <>
      {detail.status === "loading" && (
        <p role="status" className="py-10 text-center text-slate-700">
          Loading submission...
        </p>
      )}
      {detail.status === "error" && (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
          <p className="font-semibold">Could not load the submission</p>
          <p className="mt-1">{detail.message}</p>
          <div className="mt-4 flex gap-2">
            <button type="button" onClick={() => onOpen(detail.id)} className={buttonOutline}>
              Try Again
            </button>
            <button type="button" onClick={onBack} className={buttonOutline}>
              Back to List
            </button>
          </div>
        </div>
      )}
      {detail.status === "loaded" && (
        <QuoteDetail
          lead={detail.lead}
          businessName={businessName}
          onBack={onBack}
          onChanged={onChanged}
          onDelete={onDelete}
          onSessionEnded={onSessionEnded}
          onReload={() => onOpen(detail.lead.submission.id)}
          focus={detail.focus}
        />
      )}
    </>
  );
}
