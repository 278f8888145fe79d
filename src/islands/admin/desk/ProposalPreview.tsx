import { useEffect, useRef } from "react";
import type { QuoteView } from "../../../lib/proposals/quote-document";
import { renderQuote } from "../../../scripts/quote/render-quote";
import { useModalDialog } from "../../use-modal-dialog";
import { buttonNeutral } from "../../button";

interface Props {
  /** The quote to show; null keeps the dialog closed. */
  view: QuoteView | null;
  onClose: () => void;
}

/**
 * The written quote exactly as its customer sees it: the customer page's own rendering
 * (src/scripts/quote/render-quote.ts) in a modal dialog, its forms disabled.
 */
export default function ProposalPreview({ view, onClose }: Props) {
  const dialog = useModalDialog(view !== null);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!view || !body.current) return;
    body.current.replaceChildren(renderQuote(view, { idPrefix: "preview-" }));
  }, [view]);

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="preview-quote-heading"
      className="m-auto h-full max-h-dvh w-full max-w-3xl bg-white p-0 backdrop:bg-slate-900/60 sm:h-[90dvh] sm:rounded-xl"
    >
      <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2">
        <p className="font-semibold text-slate-900">Preview: what the customer sees</p>
        <button type="button" onClick={() => dialog.current?.close()} className={buttonNeutral}>
          Close
        </button>
      </div>
      <div ref={body} className="px-4 py-6 sm:px-8" />
    </dialog>
  );
}
