import { useCallback, useRef, useState } from "react";
import type { AdminQuote } from "../../../lib/admin/quotes";
import { fetchLeadPage, listUrl } from "../../../lib/leads-api";
import type { LeadFilters } from "../../../lib/lead-model";

export type ListState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "loaded"; submissions: AdminQuote[]; total: number; next: string | null; more: boolean };

/** Hands a failure to the screen: a lock when the session ended, else `show` with its message. */
export type Failed = (error: unknown, show: (message: string) => void) => void;

/**
 * The lead desk's list: one filtered page at a time, "Show 50 More" appends the next. Only the
 * latest load may fill the list: an older, slower answer is dropped.
 */
export function useLeadList(failed: Failed) {
  const [list, setList] = useState<ListState>({ status: "loading" });
  const loadSeq = useRef(0);

  const load = useCallback(
    async (next: LeadFilters) => {
      const seq = ++loadSeq.current;
      setList({ status: "loading" });
      try {
        const page = await fetchLeadPage(listUrl(next));
        if (seq === loadSeq.current) setList({ status: "loaded", ...page, more: false });
      } catch (error) {
        if (seq === loadSeq.current) failed(error, (message) => setList({ status: "error", message }));
      }
    },
    [failed],
  );

  /** Appends the next page; resolves to how many were added (null when it failed or was outrun). */
  const loadMore = async (onError: (message: string) => void): Promise<number | null> => {
    if (list.status !== "loaded" || !list.next) return null;
    const seq = loadSeq.current;
    setList({ ...list, more: true });
    try {
      const page = await fetchLeadPage(list.next);
      if (seq !== loadSeq.current) return null;
      setList({
        status: "loaded",
        submissions: [...list.submissions, ...page.submissions],
        total: page.total,
        next: page.next,
        more: false,
      });
      return page.submissions.length;
    } catch (error) {
      setList({ ...list, more: false });
      failed(error, onError);
      return null;
    }
  };

  /** Puts the server's copy of a submission in place of the listed one. */
  const replace = (submission: AdminQuote) =>
    setList((current) =>
      current.status === "loaded"
        ? {
            ...current,
            submissions: current.submissions.map((item) => (item.id === submission.id ? submission : item)),
          }
        : current,
    );

  const remove = (id: string) =>
    setList((current) =>
      current.status === "loaded"
        ? {
            ...current,
            submissions: current.submissions.filter((item) => item.id !== id),
            total: Math.max(0, current.total - 1),
          }
        : current,
    );

  return { list, load, loadMore, replace, remove };
}
