import type { RefObject } from "react";
import { buttonOutline } from "../../button";
import PasskeyButton from "./PasskeyButton";

interface Props {
  /** Takes the focus on signing in and after a lead is erased. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** How many leads match, once the list is loaded. */
  total: number | null;
  newCount: number | null;
  /** The list is loading: Refresh waits. */
  loading: boolean;
  onRefresh: () => void;
}

/**
 * The desk's heading with its counts, Refresh and adding a passkey; Logout and Back to Website are
 * in the desk's header above it (DeskBar).
 */
export default function DeskHeader({ headingRef, total, newCount, loading, onRefresh }: Props) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2 pt-4">
      <div>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold text-brand-800 focus:outline-none sm:text-3xl"
        >
          Contact Submissions
        </h1>
        <p className="mt-1 flex flex-wrap gap-x-5 text-slate-700">
          {total !== null && (
            <span>
              Total submissions: <strong className="text-slate-900">{total}</strong>
            </span>
          )}
          {newCount !== null && (
            <span>
              New leads: <strong className="text-slate-900">{newCount}</strong>
            </span>
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onRefresh} disabled={loading} className={buttonOutline}>
          Refresh
        </button>
        <PasskeyButton />
      </div>
    </div>
  );
}
