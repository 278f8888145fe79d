import { useId, type ReactNode } from "react";
import { useModalDialog } from "../use-modal-dialog";
import { buttonDanger, buttonNeutral } from "../button";

interface Props<T> {
  /** What the owner is asked about; the dialog is open while this is not null. */
  item: T | null;
  title: string;
  /** The consequence, in a sentence about the item. */
  describe: (item: T) => ReactNode;
  onCancel: () => void;
  onConfirm: (item: T) => void;
  /** The confirming button's words ("Delete" unless told). */
  confirmLabel?: string;
}

/**
 * Asks before something is erased or undone for good (a lead, a gallery image, a payment voided). Cancel has the focus, so Enter alone
 * never deletes; Escape and Cancel close it through the dialog's own `close` event.
 */
export default function ConfirmDialog<T>({
  item,
  title,
  describe,
  onCancel,
  onConfirm,
  confirmLabel = "Delete",
}: Props<T>) {
  const ref = useModalDialog(item !== null);
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
        {title}
      </h2>
      <p id={`${id}-text`} className="mt-2 text-slate-700">
        {item !== null && describe(item)}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" autoFocus onClick={() => ref.current?.close()} className={buttonNeutral}>
          Cancel
        </button>
        <button
          type="button"
          onClick={() => {
            if (item !== null) onConfirm(item);
          }}
          className={buttonDanger}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
