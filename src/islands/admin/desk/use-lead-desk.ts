import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { fullName, type AdminQuote } from "../../../lib/admin/quotes";
import {
  LeadRefusal,
  StaleLeadError,
  changeLead,
  deleteLead,
  fetchLead,
  type LeadWithEtag,
} from "../../../lib/leads-api";
import { LEAD_STATUS_LABELS, type LeadStatus } from "../../../lib/lead-model";
import { messageOf } from "./use-desk-session";
import { useFollowUps } from "./use-follow-ups";
import { linkedLeadId, useLeadDetail } from "./use-lead-detail";
import { useLeadList } from "./use-lead-list";
import { useLeadStats } from "./use-lead-stats";
import { useToday } from "./use-today";
import { useUrlFilters } from "./use-url-filters";

interface Options {
  /** Signed in just now: the heading takes the focus. */
  focusHeading: boolean;
  /** The server ended the session: lock, saying why. */
  onLock: (reason: string) => void;
}

/**
 * The desk's data and what the owner does with it: the list, its filters (in the URL), the chart's
 * figures, the follow-ups, Today and the open lead composed from their hooks; a status set from the list,
 * a lead erased, what is announced and what went wrong above the list. Opens the lead an owner's
 * e-mail links to (`?id=`).
 */
export function useLeadDesk({ focusHeading, onLock }: Options) {
  const [announcement, setAnnouncement] = useState("");
  const [listAlert, setListAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<AdminQuote | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const failed = useCallback(
    (error: unknown, show: (message: string) => void) => {
      if (error instanceof SessionEndedError) onLock(error.message);
      else show(messageOf(error));
    },
    [onLock],
  );

  const { list, load, loadMore: loadMorePage, replace, remove } = useLeadList(failed);
  const stats = useLeadStats(failed);
  const followUps = useFollowUps(failed);
  const today = useToday(failed);
  const {
    detail,
    open: openDetail,
    update: updateDetail,
    close: closeDetail,
    backToList,
  } = useLeadDetail(failed);
  const { filters, apply } = useUrlFilters((next) => {
    closeDetail();
    void load(next);
  });
  const lockOnSessionEnd = useCallback((error: SessionEndedError) => onLock(error.message), [onLock]);

  const openDesk = useEffectEvent(async () => {
    if (focusHeading) headingRef.current?.focus();
    // The lead the owner's e-mail links to comes first, alone; the list and its figures after it.
    const linked = linkedLeadId();
    if (linked) await openDetail(linked);
    // Then what the desk opens on (Today), then the list and the chart.
    today.reload();
    followUps.reload();
    void load(filters);
    stats.reload();
  });
  useEffect(() => void openDesk(), []);

  /** The list, the chart and the follow-ups read again. */
  const refresh = () => {
    void load(filters);
    stats.reload();
    followUps.reload();
    today.reload();
  };

  const applyFilters = (next: typeof filters) => {
    apply(next);
    setListAlert(null);
    void load(next);
  };

  const loadMore = async () => {
    const added = await loadMorePage((message) => setListAlert(`Could not load more: ${message}`));
    if (added !== null) setAnnouncement(`${added} more submissions shown`);
  };

  /** Puts the server's copy of a lead into the list (and the detail, when it is open). */
  const replaceLead = (lead: LeadWithEtag) => {
    replace(lead.submission);
    updateDetail(lead);
  };

  const onLeadChanged = (lead: LeadWithEtag) => {
    replaceLead(lead);
    stats.reload();
    followUps.reload();
    today.reload();
  };

  const quickStatus = async (submission: AdminQuote, status: LeadStatus) => {
    const name = fullName(submission);
    setBusy((current) => new Set(current).add(submission.id));
    setListAlert(null);
    try {
      // The list carries no ETag: read the lead, and refuse when it is not what the list showed.
      const fresh = await fetchLead(submission.id);
      if ((fresh.submission.status ?? "new") !== (submission.status ?? "new"))
        throw new StaleLeadError(fresh);
      onLeadChanged(await changeLead(submission.id, fresh.etag, { status }));
      setAnnouncement(`${name}: status set to ${LEAD_STATUS_LABELS[status]}`);
    } catch (error) {
      if (error instanceof StaleLeadError) {
        if (error.current) replaceLead(error.current);
        setListAlert(`${name}: ${error.message}`);
      } else if (error instanceof LeadRefusal && error.fieldErrors.propertyAddress?.length) {
        // Completing needs the property's address for the guarantee: the lead's page asks for it.
        setListAlert(`${name}: ${error.fieldErrors.propertyAddress.join(" ")}. Open the lead to enter it.`);
      } else failed(error, (message) => setListAlert(`${name}: could not change the status: ${message}`));
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(submission.id);
        return next;
      });
    }
  };

  const erase = async (submission: AdminQuote) => {
    setToDelete(null);
    try {
      await deleteLead(submission.id);
      closeDetail();
      remove(submission.id);
      setAnnouncement(`The lead from ${fullName(submission)} was deleted`);
      stats.reload();
      followUps.reload();
      today.reload();
      requestAnimationFrame(() => headingRef.current?.focus());
    } catch (error) {
      failed(error, (message) => setListAlert(`Could not delete the lead: ${message}`));
    }
  };

  return {
    headingRef,
    announcement,
    listAlert,
    busy,
    toDelete,
    setToDelete,
    list,
    load,
    stats,
    followUps,
    today,
    detail,
    openDetail,
    backToList,
    filters,
    lockOnSessionEnd,
    refresh,
    applyFilters,
    loadMore,
    onLeadChanged,
    quickStatus,
    erase,
  };
}
