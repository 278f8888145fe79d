import { useCallback, useRef, useState } from "react";
import { fetchFollowUps } from "../../../lib/follow-up/follow-ups-api";
import type { FollowUps } from "../../../lib/follow-up/follow-ups";
import type { Failed } from "./use-lead-list";

/** What is waiting for the owner (leads not contacted, quotes without a decision, failed e-mails). */
export function useFollowUps(failed: Failed) {
  const [followUps, setFollowUps] = useState<FollowUps | null>(null);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    setError(null);
    try {
      const next = await fetchFollowUps();
      if (mine === seq.current) setFollowUps(next);
    } catch (caught) {
      if (mine === seq.current) failed(caught, setError);
    }
  }, [failed]);

  return {
    followUps,
    error,
    /** Reads the list again, e.g. after a lead changed. */
    reload: () => void load(),
  };
}
