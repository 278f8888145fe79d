import { useCallback, useRef, useState } from "react";
import type { AdminQuote } from "../../../lib/admin/quotes";
import { LEADS_API, fetchLeadPage } from "../../../lib/leads-api";
import { formatVisitDay, londonDate } from "../../../lib/visits/london-time";
import { fetchAgenda, type AgendaVisit } from "../../../lib/visits/visits-api";
import type { Failed } from "./use-lead-list";

/** New leads listed on Today; the rest are counted, a tap away in the list. */
export const TODAY_NEW_LEADS = 10;

export interface TodayLists {
  /** The day they are for, as read: "Friday 27 November". */
  day: string;
  /** Today's visits, UK time, earliest first. */
  visits: AgendaVisit[];
  /** Leads still `new`, newest first, and how many there are. */
  newLeads: { items: AdminQuote[]; total: number };
}

/**
 * What Today reads beside the follow-ups the desk already has (quotes to chase, invoices overdue):
 * today's visits (GET /api/admin/visits for today's UK date) and the leads waiting as `new` (the
 * list, `status=new`), both at once.
 */
export function useToday(failed: Failed) {
  const [today, setToday] = useState<TodayLists | null>(null);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    setError(null);
    const now = Date.now();
    const day = londonDate(now);
    try {
      const [visits, page] = await Promise.all([
        fetchAgenda(day, day),
        fetchLeadPage(`${LEADS_API}?status=new&limit=${TODAY_NEW_LEADS}`),
      ]);
      if (mine === seq.current)
        setToday({
          day: formatVisitDay(now),
          visits,
          newLeads: { items: page.submissions, total: page.total },
        });
    } catch (caught) {
      if (mine === seq.current) failed(caught, setError);
    }
  }, [failed]);

  return {
    today,
    error,
    /** Reads today's lists again, e.g. after a lead changed. */
    reload: () => void load(),
  };
}
