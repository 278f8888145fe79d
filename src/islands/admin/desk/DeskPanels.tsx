import { useEffect, useRef, type ReactNode } from "react";

interface Props {
  /** Items waiting for the owner (null while they load): said on the folded line. */
  waiting: number | null;
  children: ReactNode;
}

/** Wide enough that the panels and the first leads fit on one screen. */
const WIDE = "(min-width: 1024px)";

/**
 * The desk's panels ("Waiting for you", the visits, money, the chart, the price guide check) under one line that
 * folds them: open on a wide screen, folded on a phone, so the search and the newest leads come
 * first there. A native <details>: the keyboard and screen readers know it.
 */
export default function DeskPanels({ waiting, children }: Props) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (ref.current && window.matchMedia(WIDE).matches) ref.current.open = true;
  }, []);
  return (
    <details ref={ref} className="group rounded-xl border border-slate-200 bg-white p-2 shadow-sm">
      <summary
        className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 font-semibold ${
          waiting ? "text-accent-700" : "text-brand-800"
        }`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4 shrink-0 transition-transform group-open:rotate-90"
          fill="currentColor"
        >
          <path d="M7 4l6 6-6 6z" />
        </svg>
        <span>
          Waiting for you{waiting ? ` (${waiting})` : waiting === 0 ? ": nothing" : ""} · visits · money ·
          leads per week · price guide check
        </span>
      </summary>
      <div className="mt-2 space-y-6 p-2">{children}</div>
    </details>
  );
}
