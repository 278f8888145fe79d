import { useId } from "react";
import { useModalDialog } from "../../use-modal-dialog";
import { fullName, type AdminQuote } from "../../../lib/admin/quotes";
import { buttonDanger, buttonNeutral } from "../../button";

interface Props {
  submission: AdminQuote | null;
  onCancel: () => void;
  onConfirm: (submission: AdminQuote) => void;
}

/** Asks before a lead is erased; Cancel has the focus, so Enter alone never deletes. */
export default function DeleteLeadDialog({ submission, onCancel, onConfirm }: Props) {
  const ref = useModalDialog(submission !== null);
  const id = useId();

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onCancel}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] max-w-none rounded-xl bg-white p-6 shadow-2xl backdrop:bg-slate-950/70"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        Delete this lead?
      </h2>
      <p id={`${id}-text`} className="mt-2 text-slate-700">
        The quote request from {submission ? fullName(submission) : ""}, its notes and every attached file
        will be erased. This cannot be undone.
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" autoFocus onClick={() => ref.current?.close()} className={buttonNeutral}>
          Cancel
        </button>
        <button
          type="button"
          onClick={() => {
            if (submission) onConfirm(submission);
          }}
          className={buttonDanger}
        >
          Delete
        </button>
      </div>
    </dialog>
  );
}
