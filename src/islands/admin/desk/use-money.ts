import { useCallback, useEffect, useState } from "react";
import type { SessionEndedError } from "../../../lib/admin/api";
import { readMoney, type MoneyItem, type MoneySummary } from "../../../lib/payments/payments-api";
import { useDeskFailure } from "./use-desk-failure";

/** How many deposits Today lists; the Money panel has them all. */
export const TODAY_DEPOSITS = 10;

export interface MoneyState {
  money: MoneySummary | null;
  error: string | null;
  /** Records a failed call of a panel that works on the money (opening a refund's lead). */
  failed: (caught: unknown) => void;
  reload: () => void;
}

/**
 * `GET /api/admin/money`, read once when the desk's list shows, for the Money panel and for Today's
 * deposits to come (docs/lead-desk.md, "Today").
 */
export function useMoney(onSessionEnded: (error: SessionEndedError) => void): MoneyState {
  const [money, setMoney] = useState<MoneySummary | null>(null);
  const { error, setError, failed } = useDeskFailure(onSessionEnded);

  const load = useCallback(
    () =>
      readMoney().then((summary) => {
        setError(null);
        setMoney(summary);
      }, failed),
    [failed, setError],
  );

  useEffect(() => {
    void load();
  }, [load]);

  return { money, error, failed, reload: () => void load() };
}

/** The deposits asked for and not yet paid, the latest asked first: what Today lists. */
export const depositsToCome = (money: MoneySummary): MoneyItem[] =>
  money.requested.items
    .filter((item) => item.kind === "deposit" && item.leadId)
    .sort((a, b) => b.since.localeCompare(a.since));
