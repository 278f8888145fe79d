/**
 * The visits in the owner's desk (docs/visits.md): the invitation sent from a lead, the lead's
 * visit, the agenda and the blocked days or times.
 */
import { addDays, isCalendarDate, londonInstant, londonIso } from "../../../src/lib/visits/london-time.ts";
import { database, transaction } from "../database/database.ts";
import { HttpError, NotFoundError } from "../http/http-error.ts";
import { isUuid } from "../http/uuid.ts";
import { revokeLinkTokens } from "../links/link-tokens.ts";
import { cancelMail, enqueueMail } from "../mail/mail-queue.ts";
import { mailSettings } from "../mail/mailer.ts";
import { VISIT_MAIL, visitPlace } from "./visit-booking.ts";
import {
  bookedVisitsIn,
  blocksOverlapping,
  currentVisit,
  deleteBlock,
  insertBlock,
  invitationOfLead,
  saveInvitation,
  type VisitBlock,
} from "./visit-records.ts";
import { newVisitLink } from "./visit-token.ts";

/**
 * POST /api/admin/contact-submissions/{id}/visit-invitation: a new link for the lead (an earlier
 * link stops working) and the e-mail that sends it, queued in the same transaction.
 */
export async function inviteToVisit(
  leadId: string,
  now = Date.now(),
): Promise<{ url: string; mailIds: string[] }> {
  if (!isUuid(leadId)) throw new NotFoundError("Submission not found");
  const { siteUrl } = await mailSettings();
  return transaction(async (client) => {
    const { rows } = await client.query("SELECT id FROM leads WHERE id = $1 FOR UPDATE", [leadId]);
    if (!rows.length) throw new NotFoundError("Submission not found");
    const invitation = await saveInvitation(client, leadId, now);
    // A new link each time: the links sent before stop working.
    await revokeLinkTokens(client, "visit", invitation.id);
    const url = await newVisitLink(client, invitation, siteUrl, now);
    // An invitation e-mail still waiting would carry a new link too: one is enough.
    await cancelMail(client, invitation.id, [VISIT_MAIL.invitation]);
    const id = await enqueueMail(
      client,
      { leadId, kind: VISIT_MAIL.invitation, subjectId: invitation.id },
      now,
    );
    return { url, mailIds: id ? [id] : [] };
  });
}

/** The lead's visit as GET /api/admin/contact-submissions/{id} carries it; null when never invited. */
export async function leadVisit(leadId: string) {
  if (!isUuid(leadId)) return null;
  const client = database();
  const invitation = await invitationOfLead(client, leadId);
  if (!invitation) return null;
  const visit = await currentVisit(client, invitation.id);
  return {
    status: invitation.status,
    invitedAt: invitation.createdAt,
    booking: visit
      ? {
          id: visit.id,
          status: visit.status,
          ...visitPlace(visit),
          cancelledBy: visit.cancelledBy,
        }
      : null,
  };
}

export type LeadVisit = Awaited<ReturnType<typeof leadVisit>>;

/** The longest range the agenda answers at once. */
export const AGENDA_MAX_DAYS = 366;

/** `from`..`to` (London dates, both included) as instants; 400 when not dates or out of order. */
export function dayRange(from: string, to: string): { start: number; end: number } {
  if (!isCalendarDate(from) || !isCalendarDate(to))
    throw new HttpError(400, "from and to must be dates written YYYY-MM-DD");
  const start = londonInstant(from, 0);
  const end = londonInstant(addDays(to, 1), 0);
  if (start === null || end === null || end <= start) throw new HttpError(400, "to must not be before from");
  if (end - start > AGENDA_MAX_DAYS * 24 * 3_600_000)
    throw new HttpError(400, `At most ${AGENDA_MAX_DAYS} days at a time`);
  return { start, end };
}

/** GET /api/admin/visits?from=&to=: the booked visits starting in those London days, earliest first. */
export async function agenda(from: string, to: string) {
  const visits = await bookedVisitsIn(dayRange(from, to));
  return visits.map((visit) => ({
    id: visit.id,
    leadId: visit.leadId,
    name: visit.name,
    phone: visit.phone,
    reference: visit.reference,
    addressLine1: visit.addressLine1,
    town: visit.town,
    postcode: visit.postcode,
    accessNotes: visit.accessNotes,
    inArea: visit.inArea,
    start: londonIso(visit.start),
    end: londonIso(visit.end),
  }));
}

const blockBody = (block: VisitBlock) => ({
  id: block.id,
  start: londonIso(block.start),
  end: londonIso(block.end),
  reason: block.reason,
});

/** The blocks that have not ended by `now`, earliest first. */
export async function currentBlocks(now = Date.now()) {
  const blocks = await blocksOverlapping(database(), { start: now, end: now + 5 * 366 * 24 * 3_600_000 });
  return blocks.map(blockBody);
}

export async function addBlock(
  block: { start: number; end: number; reason: string | null },
  now = Date.now(),
) {
  if (block.end <= block.start)
    throw new HttpError(400, "The end must be after the start", { end: ["The end must be after the start"] });
  return blockBody(await insertBlock(block, now));
}

export async function removeBlock(id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteBlock(id))) throw new NotFoundError("Block not found");
}
