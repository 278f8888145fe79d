import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { SessionEndedError, hasSession, login, logout } from "../../lib/admin/api";
import { CONTACT_ADMIN_STORAGE_KEY, fullName, type AdminQuote } from "../../lib/admin/quotes";
import {
  StaleLeadError,
  changeLead,
  deleteLead,
  exportUrl,
  fetchLead,
  fetchLeadStats,
  type LeadWithEtag,
} from "../../lib/leads-api";
import {
  LEAD_STATUS_LABELS,
  filtersFromParams,
  paramsFromFilters,
  repairNotice,
  type LeadFilters,
  type LeadStats,
  type LeadStatus,
} from "../../lib/leads";
import DeleteLeadDialog from "./DeleteLeadDialog";
import LeadChart from "./LeadChart";
import LeadFiltersForm from "./LeadFilters";
import { EmailNotConfiguredNotice } from "./NotificationStatus";
import PasswordScreen from "./PasswordScreen";
import QuoteDetail from "./QuoteDetail";
import QuoteList from "./QuoteList";
import { useLeadList } from "./use-lead-list";
import { buttonOutline } from "../button";

interface Props {
  /** Signs the subject of replies to customers. */
  businessName: string;
}

type Phase = "checking" | "locked" | "unlocked";
type DetailState =
  | { status: "loading"; id: string }
  | { status: "error"; id: string; message: string }
  | { status: "loaded"; lead: LeadWithEtag };

const currentFilters = () => filtersFromParams(new URLSearchParams(window.location.search));

function readFlag(): boolean {
  try {
    return window.localStorage.getItem(CONTACT_ADMIN_STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

function writeFlag(unlocked: boolean): void {
  try {
    if (unlocked) window.localStorage.setItem(CONTACT_ADMIN_STORAGE_KEY, "true");
    else window.localStorage.removeItem(CONTACT_ADMIN_STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): the session cookie still holds for this page load.
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * /contact-admin: locked until the server accepts the password; then the quote requests, list and
 * detail. Unlock survives reloads through the session cookie plus the `contact-admin` flag, and is
 * re-checked with the server on every load (SPEC.md §4, DESIGN.md §5).
 */
export default function ContactAdmin({ businessName }: Props) {
  const [phase, setPhase] = useState<Phase>("checking");
  const [notice, setNotice] = useState<string | null>(null);
  // Shown only once unlocked, never in the server's HTML.
  const [filters, setFilters] = useState<LeadFilters>(() =>
    typeof window === "undefined" ? {} : currentFilters(),
  );
  const [detail, setDetail] = useState<DetailState | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [listAlert, setListAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [toDelete, setToDelete] = useState<AdminQuote | null>(null);
  const [chartBy, setChartBy] = useState<LeadStats["by"]>("service");
  const [stats, setStats] = useState<LeadStats | null>(null);
  const [statsError, setStatsError] = useState<string | null>(null);
  const lastOpenedId = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const baseTitle = useRef("");

  const lock = useCallback((reason: string | null) => {
    writeFlag(false);
    setDetail(null);
    setStats(null);
    setNotice(reason);
    setPhase("locked");
  }, []);

  const failed = useCallback(
    (error: unknown, show: (message: string) => void) => {
      if (error instanceof SessionEndedError) lock(error.message);
      else show(messageOf(error));
    },
    [lock],
  );

  const { list, load, loadMore: loadMorePage, replace, remove } = useLeadList(failed);

  const statsSeq = useRef(0);
  const loadStats = useCallback(
    async (by: LeadStats["by"]) => {
      const seq = ++statsSeq.current;
      setStatsError(null);
      try {
        const next = await fetchLeadStats(by);
        if (seq === statsSeq.current) setStats(next);
      } catch (error) {
        if (seq === statsSeq.current) failed(error, setStatsError);
      }
    },
    [failed],
  );

  const openDetail = useCallback(
    async (id: string) => {
      lastOpenedId.current = id;
      setDetail({ status: "loading", id });
      try {
        setDetail({ status: "loaded", lead: await fetchLead(id) });
      } catch (error) {
        failed(error, (message) => setDetail({ status: "error", id, message }));
      }
    },
    [failed],
  );

  /** Unlocks the desk and fills it: the list, the chart, and the lead an e-mail linked to. */
  const showDesk = () => {
    setPhase("unlocked");
    void load(currentFilters());
    void loadStats(chartBy);
    // The owner's e-mail links to `/contact-admin?id=…`: open that lead.
    const linked = new URLSearchParams(window.location.search).get("id");
    if (linked) void openDetail(linked);
  };
  const openDesk = useEffectEvent(showDesk);

  useEffect(() => {
    baseTitle.current = document.title;
    const onPopState = () => {
      const next = currentFilters();
      setFilters(next);
      setDetail(null);
      void load(next);
    };
    window.addEventListener("popstate", onPopState);
    if (!readFlag()) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the flag is in localStorage, read once hydrated
      setPhase("locked");
    } else {
      hasSession().then(
        (active) => {
          if (active) openDesk();
          else lock(null);
        },
        (error: unknown) => {
          setNotice(`Could not check your session: ${messageOf(error)}`);
          setPhase("locked");
        },
      );
    }
    return () => window.removeEventListener("popstate", onPopState);
  }, [lock, load]);

  const changeChartBy = (by: LeadStats["by"]) => {
    setChartBy(by);
    void loadStats(by);
  };

  const newCount = stats?.newCount ?? null;
  useEffect(() => {
    if (!baseTitle.current) return;
    document.title =
      phase === "unlocked" && newCount ? `(${newCount} new) ${baseTitle.current}` : baseTitle.current;
  }, [phase, newCount]);

  const applyFilters = (next: LeadFilters) => {
    const query = paramsFromFilters(next).toString();
    window.history.pushState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
    setFilters(next);
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
    setDetail((current) =>
      current && current.status === "loaded" && current.lead.submission.id === lead.submission.id
        ? { status: "loaded", lead }
        : current,
    );
  };

  const onLeadChanged = (lead: LeadWithEtag) => {
    replaceLead(lead);
    void loadStats(chartBy);
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
      } else failed(error, (message) => setListAlert(`${name}: could not change the status: ${message}`));
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(submission.id);
        return next;
      });
    }
  };

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

  const erase = async (submission: AdminQuote) => {
    setToDelete(null);
    try {
      await deleteLead(submission.id);
      setDetail(null);
      remove(submission.id);
      setAnnouncement(`The lead from ${fullName(submission)} was deleted`);
      void loadStats(chartBy);
      requestAnimationFrame(() => headingRef.current?.focus());
    } catch (error) {
      failed(error, (message) => setListAlert(`Could not delete the lead: ${message}`));
    }
  };

  const unlock = async (password: string): Promise<boolean> => {
    try {
      const result = await login(password);
      if (result.status === "ok") {
        writeFlag(true);
        setNotice(null);
        showDesk();
        requestAnimationFrame(() => headingRef.current?.focus());
        return true;
      }
      if (result.status === "incorrect") {
        setNotice(null);
        window.alert("Incorrect password");
      } else {
        const minutes = Math.ceil(result.retryAfterSeconds / 60);
        setNotice(
          `Too many incorrect passwords. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        );
      }
    } catch (error) {
      setNotice(`Could not sign in: ${messageOf(error)}`);
    }
    return false;
  };

  const signOut = async () => {
    let reason: string | null = null;
    try {
      await logout();
    } catch (error) {
      reason = `Locked on this device, but the server could not end the session: ${messageOf(error)}`;
    }
    lock(reason);
  };

  if (phase === "checking") {
    return (
      <p role="status" className="py-16 text-center text-slate-700">
        Checking your session...
      </p>
    );
  }

  if (phase === "locked") {
    return (
      <PasswordScreen
        title="Contact Admin"
        purpose="Enter the admin password to read quote requests."
        onSubmit={unlock}
        notice={notice}
        autoFocus
        backLink
      />
    );
  }

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
            {newCount !== null && (
              <span>
                New leads: <strong className="text-slate-900">{newCount}</strong>
              </span>
            )}
          </p>
          {stats?.repair && (
            <p role="status" className="mt-2 max-w-prose text-sm text-slate-700">
              {repairNotice(stats.repair)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => {
              void load(filters);
              void loadStats(chartBy);
            }}
            disabled={list.status === "loading"}
            className={buttonOutline}
          >
            Refresh
          </button>
          <button type="button" onClick={() => void signOut()} className={buttonOutline}>
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
                onSessionEnded={(error) => lock(error.message)}
                onReload={() => void openDetail(detail.lead.submission.id)}
              />
            )}
          </>
        ) : (
          <div className="space-y-6">
            <LeadChart stats={stats} error={statsError} by={chartBy} onBy={changeChartBy} />
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
          </div>
        )}
      </div>
      <DeleteLeadDialog
        submission={toDelete}
        onCancel={() => setToDelete(null)}
        onConfirm={(item) => void erase(item)}
      />
    </div>
  );
}
