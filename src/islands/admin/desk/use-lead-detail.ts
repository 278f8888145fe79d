import { useCallback, useRef, useState } from "react";
import { fetchLead, type LeadWithEtag } from "../../../lib/leads-api";
import type { Failed } from "./use-lead-list";

/** The part of a lead brought into view as it opens: its payments, from a deposit on Today. */
export type LeadFocus = "payments";

export type DetailState =
  | { status: "loading"; id: string; focus?: LeadFocus }
  | { status: "error"; id: string; message: string }
  | { status: "loaded"; lead: LeadWithEtag; focus?: LeadFocus };

/** The lead the owner's e-mail links to: `/contact-admin?id=…`. */
export const linkedLeadId = () => new URLSearchParams(window.location.search).get("id");

/**
 * The lead open in the detail view (null: the list is shown). Back to the list, the focus returns
 * to the "View Details" button of the lead that was open, and a `?id=` from the owner's e-mail
 * link leaves the URL.
 */
export function useLeadDetail(failed: Failed) {
  // A lead the owner's e-mail links to (`?id=`) is shown loading from the first render, so the list
  // and its panels, which would ask the server for their own figures first, are not drawn at all.
  const [detail, setDetail] = useState<DetailState | null>(() => {
    const linked = typeof window === "undefined" ? null : linkedLeadId();
    return linked ? { status: "loading", id: linked } : null;
  });
  const lastOpenedId = useRef<string | null>(null);

  const open = useCallback(
    async (id: string, focus?: LeadFocus) => {
      lastOpenedId.current = id;
      setDetail({ status: "loading", id, focus });
      try {
        setDetail({ status: "loaded", lead: await fetchLead(id), focus });
      } catch (error) {
        failed(error, (message) => setDetail({ status: "error", id, message }));
      }
    },
    [failed],
  );

  /** Puts the server's copy of a lead in the detail view, when it is the lead shown there. */
  const update = (lead: LeadWithEtag) =>
    setDetail((current) =>
      current && current.status === "loaded" && current.lead.submission.id === lead.submission.id
        ? { status: "loaded", lead }
        : current,
    );

  const backToList = () => {
    setDetail(null);
    const params = new URLSearchParams(window.location.search);
    if (params.has("id")) {
      params.delete("id");
      const query = params.toString();
      window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
    }
    const id = lastOpenedId.current;
    requestAnimationFrame(() => {
      document
        .querySelector<HTMLButtonElement>(`button[data-submission-id="${CSS.escape(id ?? "")}"]`)
        ?.focus();
    });
  };

  return { detail, open, update, close: () => setDetail(null), backToList };
}
