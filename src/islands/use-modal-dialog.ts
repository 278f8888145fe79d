import { useEffect, useRef } from "react";

/**
 * A native `<dialog>` shown as a modal while `open` is true and closed when it turns false. The
 * dialog's own `close` event (Escape, a Cancel button calling `close()`) is the parent's to handle.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
