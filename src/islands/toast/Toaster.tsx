import { useEffect, useRef, useState, type PointerEvent } from "react";
import { useStore } from "@nanostores/react";
import { $toasts, dismissToast, type Toast } from "../../lib/toast-store";
import { TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from "../../lib/constants";

/**
 * The toast viewport. Mount it once per page that raises toasts (client:load).
 * F8 moves focus to the region; a toast is dismissed by its close button or by swiping right.
 */
export default function Toaster() {
  const toasts = useStore($toasts);
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      className="pointer-events-none fixed inset-x-0 top-0 z-50"
    >
      <ol
        ref={regionRef}
        tabIndex={-1}
        className="mx-auto flex max-w-md flex-col gap-2 p-4 outline-none sm:mr-4 sm:ml-auto"
      >
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const destructive = toast.variant === "destructive";

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (offset > TOAST_SWIPE_THRESHOLD_PX) dismissToast(toast.id);
    else setOffset(0);
    start.current = null;
  };

  return (
    <li
      data-variant={toast.variant}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined, touchAction: "pan-y" }}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${
        destructive ? "border-red-800 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"
      }`}
    >
      {/* The live role sits inside the list item: on the <li> itself it would hide it from the list. */}
      <div
        role={destructive ? "alert" : "status"}
        aria-live={destructive ? "assertive" : "polite"}
        aria-atomic="true"
        className="flex-1"
      >
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label="Dismiss notification"
        className={`-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md ${
          destructive ? "hover:bg-red-800" : "hover:bg-slate-100"
        }`}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
