import type { Config } from "@netlify/functions";
import { scheduledRun } from "../lib/http/scheduled-run.ts";
import { eraseExpiredLeads } from "../lib/desk/retention.ts";
import { deleteExpiredAccounts } from "../lib/payments/records-erasure.ts";

/**
 * Scheduled: erases quote requests older than LEAD_RETENTION_MONTHS that did not become work
 * (status other than `won` or `completed`), with everything they left, oldest first, within a 15 s
 * budget; then deletes erased leads' accounts whose six years are up, and guarantees six years past
 * their term (payments/records-erasure.ts), within 5 s more. A run that stops at its budget leaves
 * the rest to the next; `{ erased, records, guarantees, finished }`, counts only. Hourly, so a
 * backlog (the first run on an old store) is gone within a day.
 */
export default () =>
  scheduledRun("lead-retention", async () => {
    const leads = await eraseExpiredLeads({ budgetMs: 15_000 });
    const accounts = await deleteExpiredAccounts(Date.now(), Date.now() + 5_000);
    const result = {
      erased: leads.erased,
      records: accounts.records,
      guarantees: accounts.guarantees,
      finished: leads.finished && accounts.finished,
    };
    if (!result.finished)
      console.warn(
        `lead-retention: stopped at its time budget after ${result.erased} leads, ${result.records} records, ${result.guarantees} guarantees`,
      );
    return result;
  });

export const config: Config = { schedule: "@hourly" };
