import { useCallback, useEffect, useRef, useState } from "react";
import { fetchLeadStats } from "../../../lib/leads-api";
import type { LeadStats } from "../../../lib/lead-model";
import type { Failed } from "./use-lead-list";

/**
 * The desk's figures: leads per service or per month for the chart, and the count of new leads,
 * which the browser tab's title also shows ("(3 new) …"). Only the latest load may fill them.
 */
export function useLeadStats(failed: Failed) {
  const [by, setBy] = useState<LeadStats["by"]>("service");
  const [stats, setStats] = useState<LeadStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);

  const load = useCallback(
    async (nextBy: LeadStats["by"]) => {
      const mine = ++seq.current;
      setError(null);
      try {
        const next = await fetchLeadStats(nextBy);
        if (mine === seq.current) setStats(next);
      } catch (caught) {
        if (mine === seq.current) failed(caught, setError);
      }
    },
    [failed],
  );

  const newCount = stats?.newCount ?? null;
  const baseTitle = useRef("");
  useEffect(() => {
    baseTitle.current = document.title;
    return () => {
      document.title = baseTitle.current;
    };
  }, []);
  useEffect(() => {
    document.title = newCount ? `(${newCount} new) ${baseTitle.current}` : baseTitle.current;
  }, [newCount]);

  return {
    stats,
    error,
    newCount,
    by,
    /** Reads the figures again, e.g. after a lead changed. */
    reload: () => void load(by),
    changeBy: (next: LeadStats["by"]) => {
      setBy(next);
      void load(next);
    },
  };
}
