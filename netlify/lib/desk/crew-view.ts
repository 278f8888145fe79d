/**
 * What the crew sees of a lead (docs/staff.md): only a lead on the agenda (a survey visit booked,
 * or a written quote accepted: a job to do), and of it only what the visit or the job needs: who,
 * where, how to reach them, the message and the photos. No estimate, quoted amount, written
 * quotes, invoices, guarantee, notes or e-mails.
 */
import { database } from "../database/database.ts";
import { NotFoundError } from "../http/http-error.ts";
import { isUuid } from "../http/uuid.ts";
import { QUOTE_FIELD_NAMES } from "../../../src/lib/quote/rules.ts";

/** Whether the lead has a booked visit or an accepted written quote. */
export async function isOnAgenda(leadId: string): Promise<boolean> {
  if (!isUuid(leadId)) return false;
  const { rows } = await database().query<{ on: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM visits WHERE lead_id = $1 AND status = 'booked')
         OR EXISTS (SELECT 1 FROM proposals WHERE lead_id = $1 AND status = 'accepted') AS on`,
    [leadId],
  );
  return rows[0]?.on === true;
}

/** 404 for the crew when the lead is not on the agenda: they cannot tell it exists. */
export async function requireOnAgenda(leadId: string): Promise<void> {
  if (!(await isOnAgenda(leadId))) throw new NotFoundError();
}

const CREW_KEYS = new Set<string>([
  ...QUOTE_FIELD_NAMES,
  "id",
  "createdAt",
  "reference",
  "status",
  "attachments",
  "visit",
]);

/** The lead with only the crew's fields. */
export function crewLead<T extends object>(lead: T): Partial<T> {
  return Object.fromEntries(Object.entries(lead).filter(([key]) => CREW_KEYS.has(key))) as Partial<T>;
}
