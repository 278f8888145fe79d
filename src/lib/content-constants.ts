/**
 * `{NAME}` placeholders in content Markdown filled from the code, so a number the site both states
 * and acts on has one source (FillConstants.astro applies it to rendered content). An unknown
 * placeholder fails the build.
 *
 * - `{LEAD_RETENTION_MONTHS}`: how long quote requests that did not become work are kept; the
 *   scheduled retention function erases by the same constant (src/lib/lead-model.ts).
 * - `{BACKUP_RETENTION_DAYS}`: how long backups are kept; `npm run backup:prune` deletes older ones
 *   and `npm run restore` refuses them (src/lib/backups.ts).
 * - `{REVIEW_REMINDER_DAYS}`: the days between a review request and its one reminder; the e-mail
 *   outbox schedules the reminder by it (src/lib/follow-up/rules.ts).
 * - `{ACCOUNTS_KEPT_YEARS}`: the years an erased customer's accounts are kept after their tax year,
 *   and a guarantee after it ends; the retention job deletes by it (src/lib/payments/erased-accounts.ts).
 */
import { BACKUP_RETENTION_DAYS } from "./backups.ts";
import { REVIEW_REMINDER_DAYS } from "./follow-up/rules.ts";
import { LEAD_RETENTION_MONTHS } from "./lead-model.ts";
import { ACCOUNTS_KEPT_YEARS } from "./payments/erased-accounts.ts";

export const CONTENT_CONSTANTS: Readonly<Record<string, string>> = {
  LEAD_RETENTION_MONTHS: String(LEAD_RETENTION_MONTHS),
  BACKUP_RETENTION_DAYS: String(BACKUP_RETENTION_DAYS),
  REVIEW_REMINDER_DAYS: String(REVIEW_REMINDER_DAYS),
  ACCOUNTS_KEPT_YEARS: String(ACCOUNTS_KEPT_YEARS),
};

const PLACEHOLDER = /\{([A-Z][A-Z0-9_]*)\}/g;

/** The text with every placeholder replaced; throws on an unknown name. */
export function fillConstants(text: string): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = CONTENT_CONSTANTS[name];
    if (value === undefined) throw new Error(`Unknown content placeholder {${name}}`);
    return value;
  });
}
