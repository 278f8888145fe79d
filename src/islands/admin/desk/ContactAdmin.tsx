import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { fullName, type AdminQuote } from "../../../lib/admin/quotes";
import {
  LeadRefusal,
  StaleLeadError,
  changeLead,
  deleteLead,
  exportUrl,
  fetchLead,
  type LeadWithEtag,
} from "../../../lib/leads-api";
import { followUpCount } from "../../../lib/follow-up/follow-ups";
import { LEAD_STATUS_LABELS, type LeadStatus } from "../../../lib/lead-model";
import AuditLog from "./AuditLog";
import DeskPanels from "./DeskPanels";
import FloodCleanup from "./FloodCleanup";
import ConfirmDialog from "../ConfirmDialog";
import GuideCalibration from "./GuideCalibration";
import FollowUpPanel from "./FollowUpPanel";
import PasswordScreen from "../PasswordScreen";
import LeadChart from "./LeadChart";
import LeadFiltersForm from "./LeadFilters";
import MoneyPanel from "./MoneyPanel";
import { EmailNotConfiguredNotice } from "./NotificationStatus";
import QuoteDetail from "./QuoteDetail";
import QuoteList from "./QuoteList";
import VisitAgenda from "./VisitAgenda";
import { messageOf, useDeskSession } from "./use-desk-session";
import { useLeadDetail } from "./use-lead-detail";
import { useLeadList } from "./use-lead-list";
import { useFollowUps } from "./use-follow-ups";
import { useLeadStats } from "./use-lead-stats";
import { useUrlFilters } from "./use-url-filters";
import { buttonOutline } from "../../button";

interface Props {
  /** Signs the subject of replies to customers. */
  businessName: string;
}

/**
 * /contact-admin: locked until the server accepts the password (useDeskSession); then the lead
 * desk. Locking unmounts the desk, so nothing of a closed session stays on screen.
 */
export default function ContactAdmin({ businessName }: Props) {
  const session = useDeskSession();

  if (session.phase === "checking") {
    return (
      <p role="status" className="py-16 text-center text-slate-700">
        Checking your session...
      </p>
    );
  }

  if (session.phase === "locked") {
    return (
      <PasswordScreen
        title="Contact Admin"
        purpose="Enter the admin password to read quote requests."
        onSubmit={session.unlock}
        notice={session.notice}
        autoFocus
        backLink
      />
    );
  }

  return (
    <LeadDesk
      businessName={businessName}
      focusHeading={session.signedIn}
      onLock={session.lock}
      onSignOut={() => void session.signOut()}
    />
  );
}

interface DeskProps {
  businessName: string;
  /** Signed in just now: the heading takes the focus. */
  focusHeading: boolean;
  /** The server ended the session: lock, saying why. */
  onLock: (reason: string) => void;
  onSignOut: () => void;
}

/**
 * The quote requests: chart, search and filters (kept in the URL), the list, and one lead in
 * detail. Opens the lead an owner's e-mail links to (`?id=`).
 */
function LeadDesk({ businessName, focusHeading, onLock, onSignOut }: DeskProps) {
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

  const openDesk = useEffectEvent(() => {
    void load(filters);
    stats.reload();
    followUps.reload();
    // The owner's e-mail links to `/contact-admin?id=…`: open that lead.
    const linked = new URLSearchParams(window.location.search).get("id");
    if (linked) void openDetail(linked);
    if (focusHeading) headingRef.current?.focus();
  });
  useEffect(() => openDesk(), []);

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
      requestAnimationFrame(() => headingRef.current?.focus());
    } catch (error) {
      failed(error, (message) => setListAlert(`Could not delete the lead: ${message}`));
    }
  };

  const filtered = Boolean(filters.q || filters.status || filters.service);

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-5">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold text-brand-800 focus:outline-none">
            Contact Submissions
          </h1>
          <p className="mt-1 flex flex-wrap gap-x-5 text-slate-700">
            {list.status === "loaded" && (
              <span>
                Total submissions: <strong className="text-slate-900">{list.total}</strong>
              </span>
            )}
            {stats.newCount !== null && (
              <span>
                New leads: <strong className="text-slate-900">{stats.newCount}</strong>
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => {
              void load(filters);
              stats.reload();
              followUps.reload();
            }}
            disabled={list.status === "loading"}
            className={buttonOutline}
          >
            Refresh
          </button>
          <button type="button" onClick={onSignOut} className={buttonOutline}>
            Logout
          </button>
          <a href="/" className={buttonOutline}>
            Back to Website
          </a>
        </div>
      </div>

      <EmailNotConfiguredNotice />

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <div className="mt-6">
        {detail ? (
          <>
            {detail.status === "loading" && (
              <p role="status" className="py-10 text-center text-slate-700">
                Loading submission...
              </p>
            )}
            {detail.status === "error" && (
              <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
                <p className="font-semibold">Could not load the submission</p>
                <p className="mt-1">{detail.message}</p>
                <div className="mt-4 flex gap-2">
                  <button type="button" onClick={() => void openDetail(detail.id)} className={buttonOutline}>
                    Try Again
                  </button>
                  <button type="button" onClick={backToList} className={buttonOutline}>
                    Back to List
                  </button>
                </div>
              </div>
            )}
            {detail.status === "loaded" && (
              <QuoteDetail
                lead={detail.lead}
                businessName={businessName}
                onBack={backToList}
                onChanged={onLeadChanged}
                onDelete={setToDelete}
                onSessionEnded={(error) => onLock(error.message)}
                onReload={() => void openDetail(detail.lead.submission.id)}
              />
            )}
          </>
        ) : (
          <div className="space-y-6">
            <DeskPanels waiting={followUps.followUps ? followUpCount(followUps.followUps) : null}>
              <FollowUpPanel
                followUps={followUps.followUps}
                error={followUps.error}
                onRetry={followUps.reload}
                onOpen={(id) => void openDetail(id)}
              />
              <VisitAgenda onOpen={(id) => void openDetail(id)} onSessionEnded={lockOnSessionEnd} />
              <MoneyPanel onOpen={(id) => void openDetail(id)} onSessionEnded={lockOnSessionEnd} />
              <LeadChart stats={stats.stats} error={stats.error} by={stats.by} onBy={stats.changeBy} />
              <GuideCalibration onSessionEnded={lockOnSessionEnd} />
            </DeskPanels>
            <LeadFiltersForm filters={filters} onChange={applyFilters} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-slate-700">
                {list.status === "loaded" &&
                  (filtered ? `${list.total} matching` : `Newest first`) +
                    (list.total > list.submissions.length ? `, showing ${list.submissions.length}` : "")}
              </p>
              <a href={exportUrl(filters)} download className={buttonOutline}>
                Export CSV<span className="sr-only"> of {filtered ? "the matching" : "all"} submissions</span>
              </a>
            </div>
            {listAlert && (
              <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
                {listAlert}
              </p>
            )}
            {list.status === "loading" && (
              <p role="status" className="py-10 text-center text-slate-700">
                Loading submissions...
              </p>
            )}
            {list.status === "error" && (
              <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
                <p className="font-semibold">Could not load submissions</p>
                <p className="mt-1">{list.message}</p>
                <button type="button" onClick={() => void load(filters)} className={`${buttonOutline} mt-4`}>
                  Try Again
                </button>
              </div>
            )}
            {list.status === "loaded" && (
              <>
                <QuoteList
                  submissions={list.submissions}
                  onOpen={(id) => void openDetail(id)}
                  onStatus={(submission, status) => void quickStatus(submission, status)}
                  filtered={filtered}
                  busy={busy}
                />
                {list.next && (
                  <div className="text-center">
                    <button
                      type="button"
                      onClick={() => void loadMore()}
                      disabled={list.more}
                      className={buttonOutline}
                    >
                      {list.more ? "Loading..." : "Show 50 More"}
                    </button>
                  </div>
                )}
              </>
            )}
            <FloodCleanup
              onSessionEnded={(error) => onLock(error.message)}
              onErased={() => {
                void load(filters);
                stats.reload();
                followUps.reload();
              }}
            />
            <AuditLog onSessionEnded={(error) => onLock(error.message)} />
          </div>
        )}
      </div>
      <ConfirmDialog
        item={toDelete}
        title="Delete this lead?"
        describe={(submission) =>
          `The quote request from ${fullName(submission)}, its notes and every attached file will be erased. This cannot be undone.`
        }
        onCancel={() => setToDelete(null)}
        onConfirm={(item) => void erase(item)}
      />
    </div>
  );
}
