import { useId } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { storedEstimate } from "../../../lib/price-guide/estimate";
import type { ProposalSummary } from "../../../lib/proposals/proposals-api";
import { buttonOutline } from "../../button";
import ProposalDraftForm from "./ProposalDraftForm";
import ProposalList from "./ProposalList";
import ProposalPreview from "./ProposalPreview";
import { useProposalPanel } from "./use-proposal-panel";

interface Props {
  leadId: string;
  /** The lead's `estimate` (the price guide's band the visitor saw). */
  estimate: unknown;
  /** A trade customer (the reverse charge): the draft's totals show what they pay, the net. */
  trade?: boolean;
  proposals: ProposalSummary[];
  /** Reads the lead again: its status, quoted amount and quotes change with a quote. */
  onReload: () => void;
  onSessionEnded: (error: SessionEndedError) => void;
}

/**
 * The lead's written quotes (docs/proposals.md, "The desk"): build a draft line by line with live
 * totals from the one money module beside the price guide's band, save it, preview it as the
 * customer sees it, send it and follow it; withdraw a draft or an unanswered quote.
 */
export default function ProposalPanel({
  leadId,
  estimate,
  trade = false,
  proposals,
  onReload,
  onSessionEnded,
}: Props) {
  const id = useId();
  const panel = useProposalPanel({ leadId, proposals, onReload, onSessionEnded });
  const { draft, busy, message, sentUrl } = panel;

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h3 id={`${id}-heading`} className="text-lg font-bold text-brand-800">
        Written quote
      </h3>

      <ProposalList
        proposals={panel.list}
        busy={busy}
        onEdit={(proposalId) => void panel.edit(proposalId)}
        onPreview={(proposalId) => void panel.showPreview(proposalId)}
        onWithdraw={panel.withdraw}
      />

      <div aria-live="polite" className="mt-2 min-h-6">
        {message?.kind === "done" && <p className="text-green-800">{message.text}</p>}
        {sentUrl && (
          <p className="break-all text-slate-900">
            Customer's link:{" "}
            <a href={sentUrl} className="text-brand-700 underline">
              {sentUrl}
            </a>
          </p>
        )}
      </div>
      {message?.kind === "error" && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {message.text}
        </p>
      )}

      {!draft ? (
        <button type="button" disabled={busy} onClick={panel.startNew} className={`${buttonOutline} mt-2`}>
          New quote
        </button>
      ) : (
        <ProposalDraftForm
          id={id}
          draft={draft}
          busy={busy}
          fieldErrors={panel.fieldErrors}
          band={storedEstimate(estimate)}
          trade={trade}
          onChange={panel.change}
          onChangeLine={panel.changeLine}
          onSubmit={panel.submit}
          onPreview={() => void panel.showPreview()}
          onSend={() => void panel.send()}
          onClose={panel.close}
        />
      )}
      <ProposalPreview view={panel.preview} onClose={panel.closePreview} />
    </section>
  );
}
