import { useId } from "react";
import { useModalDialog } from "../../use-modal-dialog";
import type { GalleryItem } from "../../../lib/gallery/schema";
import { buttonDanger, buttonNeutral } from "../../button";

interface Props {
  item: GalleryItem | null;
  onCancel: () => void;
  onConfirm: (item: GalleryItem) => void;
}

/** Asks before a delete; Cancel has the focus, so Enter alone never deletes. */
export default function ConfirmDeleteDialog({ item, onCancel, onConfirm }: Props) {
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
        Delete image?
      </h2>
      <p id={`${id}-text`} className="mt-2 text-slate-700">
        “{item?.title}” will be removed from the gallery and its image deleted. This cannot be undone.
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" autoFocus onClick={() => ref.current?.close()} className={buttonNeutral}>
          Cancel
        </button>
        <button
          type="button"
          onClick={() => {
            if (item) onConfirm(item);
          }}
          className={buttonDanger}
        >
          Delete
        </button>
      </div>
    </dialog>
  );
}
