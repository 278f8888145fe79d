import { followUpCount } from "../../../lib/follow-up/follow-ups";
import { exportUrl } from "../../../lib/leads-api";
import { buttonOutline } from "../../button";
import AuditLog from "./AuditLog";
import DeskPanels from "./DeskPanels";
import FloodCleanup from "./FloodCleanup";
import FollowUpPanel from "./FollowUpPanel";
import GuideCalibration from "./GuideCalibration";
import LeadChart from "./LeadChart";
import LeadFiltersForm from "./LeadFilters";
import MoneyPanel from "./MoneyPanel";
import QuoteList from "./QuoteList";
import StaffPanel from "./StaffPanel";
import TodayPanel from "./TodayPanel";
import { useMoney } from "./use-money";
import { useIsOwner } from "./desk-user";
import VisitAgenda from "./VisitAgenda";
import { showSection } from "./desk-sections";
import type { useLeadDesk } from "./use-lead-desk";

interface Props {
  desk: ReturnType<typeof useLeadDesk>;
  /** The server ended the session: lock, saying why. */
  onLock: (reason: string) => void;
}

/**
 * The desk with no lead open: Today, the folded panels (follow-ups, visits, money, chart, price guide),
 * search and filters, the list a page at a time with its CSV, the flood cleanup and the activity log.
 */
export default function LeadListPane({ desk, onLock }: Props) {
  const { list, filters, followUps, stats, lockOnSessionEnd } = desk;
  const open = (id: string) => void desk.openDetail(id);
  const money = useMoney(lockOnSessionEnd);
  const filtered = Boolean(filters.q || filters.status || filters.service);
  const owner = useIsOwner();

  return (
    <div className="space-y-6">
      <TodayPanel
        today={desk.today.today}
        error={desk.today.error}
        onRetry={desk.today.reload}
        followUps={followUps.followUps}
        followUpsError={followUps.error}
        onRetryFollowUps={followUps.reload}
        money={money}
        onOpen={open}
        onOpenPayments={(id) => void desk.openDetail(id, "payments")}
        onAllNew={() => {
          desk.applyFilters({ ...filters, status: "new" });
          showSection("desk-leads");
        }}
      />
      <DeskPanels waiting={followUps.followUps ? followUpCount(followUps.followUps) : null}>
        <FollowUpPanel
          followUps={followUps.followUps}
          error={followUps.error}
          onRetry={followUps.reload}
          onOpen={open}
        />
        <div id="desk-visits" tabIndex={-1} className="focus:outline-none">
          <VisitAgenda onOpen={open} onSessionEnded={lockOnSessionEnd} />
        </div>
        <div id="desk-money" tabIndex={-1} className="focus:outline-none">
          <MoneyPanel state={money} onOpen={open} />
        </div>
        <LeadChart stats={stats.stats} error={stats.error} by={stats.by} onBy={stats.changeBy} />
        <GuideCalibration onSessionEnded={lockOnSessionEnd} />
      </DeskPanels>
      <div id="desk-leads" tabIndex={-1} className="focus:outline-none">
        <h2 className="sr-only">Leads</h2>
        <LeadFiltersForm filters={filters} onChange={desk.applyFilters} />
      </div>
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
      {desk.listAlert && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {desk.listAlert}
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
          <button type="button" onClick={() => void desk.load(filters)} className={`${buttonOutline} mt-4`}>
            Try Again
          </button>
        </div>
      )}
      {list.status === "loaded" && (
        <>
          <QuoteList
            submissions={list.submissions}
            onOpen={open}
            onStatus={(submission, status) => void desk.quickStatus(submission, status)}
            filtered={filtered}
            busy={desk.busy}
          />
          {list.next && (
            <div className="text-center">
              <button
                type="button"
                onClick={() => void desk.loadMore()}
                disabled={list.more}
                className={buttonOutline}
              >
                {list.more ? "Loading..." : "Show 50 More"}
              </button>
            </div>
          )}
        </>
      )}
      {owner && <FloodCleanup onSessionEnded={(error) => onLock(error.message)} onErased={desk.refresh} />}
      {owner && <StaffPanel onSessionEnded={(error) => onLock(error.message)} />}
      <AuditLog onSessionEnded={(error) => onLock(error.message)} />
    </div>
  );
}
