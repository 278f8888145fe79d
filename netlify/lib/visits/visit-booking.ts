/**
 * Survey visits (docs/visits.md, DESIGN §19): what the customer's link shows and does (book, move,
 * cancel) and what the owner does from the desk (invite, move, cancel). Each change is one
 * transaction: the visit's row, the invitation's status, the lead's note and status, and the
 * e-mails it makes due (mail jobs) commit together or not at all.
 *
 * The free times are worked out in code from the owner's availability, but a time is held by the
 * database: the exclusion constraint on `visits` refuses a second booking of an overlapping time,
 * and that refusal becomes the 409 (nothing stored).
 */
import { leadAddress } from "../quote/quote-store.ts";
import { LEAD_MAX_NOTES } from "../../../src/lib/lead-model.ts";
import type { VisitAvailability } from "../../../src/lib/visits/availability-schema.ts";
import {
  addDays,
  formatVisitWhen,
  londonDate,
  londonInstant,
  londonIso,
} from "../../../src/lib/visits/london-time.ts";
import {
  VISIT_CHANGE_CUTOFF_MS,
  VISIT_MESSAGES,
  type CheckedBooking,
  type VisitBooking,
  type VisitPageState,
  type VisitPlace,
} from "../../../src/lib/visits/rules.ts";
import { freeSlots, visitSpan, type Span } from "../../../src/lib/visits/slots.ts";
import { transaction, type Queryable } from "../database/database.ts";
import { ConflictError, NotFoundError } from "../http/http-error.ts";
import { cancelMail, enqueueMail } from "../mail/mail-queue.ts";
import { isServedPostcode, visitAvailability } from "./visit-content.ts";
import {
  busySpans,
  blocksOverlapping,
  cancelVisitRow,
  currentVisit,
  insertVisit,
  invitationByToken,
  isOverlapRefusal,
  moveVisit,
  noteOnLead,
  setInvitationStatus,
  visitById,
  type Invitation,
  type Visit,
} from "./visit-records.ts";
import { VISIT_TOKEN } from "./visit-token.ts";

/** The kinds of the visit e-mails (templates in mail-kinds.ts). */
export const VISIT_MAIL = {
  invitation: "visit-invitation",
  customer: "visit-customer",
  owner: "visit-owner",
  reminder: "visit-reminder",
} as const;

/** The evening before a visit, UK time, when its reminder goes. */
export const REMINDER_TIME = "18:00";

const linkNotFound = () =>
  new NotFoundError("This visit link is not valid. Please call us to arrange a visit.");

/** How far ahead slots are looked for: today and `daysAhead` days on, whole London days. */
function horizon(availability: VisitAvailability, now: number): Span {
  const today = londonDate(now);
  return {
    start: londonInstant(today, 0) ?? now,
    end: londonInstant(addDays(today, availability.daysAhead + 1), 0) ?? now,
  };
}

async function slotsFor(
  client: Queryable,
  availability: VisitAvailability,
  now: number,
  except?: string,
): Promise<Span[]> {
  const span = horizon(availability, now);
  const [blocks, busy] = await Promise.all([
    blocksOverlapping(client, span),
    busySpans(client, { start: span.start, end: span.end + 24 * 3_600_000 }, except),
  ]);
  return freeSlots(availability, now, blocks, busy);
}

/** Whether the customer may still move or cancel the visit from the link at `now`. */
export const changeable = (visit: Pick<Visit, "start" | "status">, now: number) =>
  visit.status === "booked" && visit.start - now >= VISIT_CHANGE_CUTOFF_MS;

/** Where and when a visit is, as the customer's page and the lead desk read it. */
export const visitPlace = (visit: Visit): VisitPlace => ({
  start: londonIso(visit.start),
  end: londonIso(visit.end),
  addressLine1: visit.addressLine1,
  town: visit.town,
  postcode: visit.postcode,
  accessNotes: visit.accessNotes,
  inArea: visit.inArea,
});

export function customerBooking(visit: Visit, now: number): VisitBooking {
  return {
    ...visitPlace(visit),
    ...(visit.inArea ? {} : { notice: VISIT_MESSAGES.outsideArea }),
    changeableUntil: londonIso(visit.start - VISIT_CHANGE_CUTOFF_MS),
    changeable: changeable(visit, now),
  };
}

async function invitationOfToken(client: Queryable, token: string, lock: boolean): Promise<Invitation> {
  if (!VISIT_TOKEN.test(token)) throw linkNotFound();
  const invitation = await invitationByToken(client, token, lock);
  if (!invitation) throw linkNotFound();
  return invitation;
}

/** GET /api/visits/{token}: the link's state and the free start times. */
export async function visitPageState(token: string, now = Date.now()): Promise<VisitPageState> {
  const availability = await visitAvailability();
  return transaction(async (client) => {
    const invitation = await invitationOfToken(client, token, false);
    const visit = await currentVisit(client, invitation.id);
    const booked = visit?.status === "booked" ? visit : null;
    const slots =
      booked && !changeable(booked, now) ? [] : await slotsFor(client, availability, now, booked?.id);
    const given = booked ? null : await leadAddress(client, invitation.leadId);
    return {
      status: invitation.status,
      slots: slots.map((slot) => ({ start: londonIso(slot.start), end: londonIso(slot.end) })),
      ...(booked ? { booking: customerBooking(booked, now) } : {}),
      ...(given
        ? { address: { addressLine1: given.line1, town: given.town, postcode: given.postcode } }
        : {}),
    };
  });
}

/** 18:00 UK time the day before the visit; null when that has passed already. */
export function reminderDue(start: number, now: number): number | null {
  const [hours, minutes] = REMINDER_TIME.split(":").map(Number) as [number, number];
  const due = londonInstant(addDays(londonDate(start), -1), hours * 60 + minutes);
  return due !== null && due > now ? due : null;
}

/** Queues the e-mails a change of a visit makes due (a booking, a move or a cancellation). */
async function queueVisitMail(client: Queryable, visit: Visit, now: number): Promise<string[]> {
  // What was still waiting about this visit is out of date: its e-mails are written from the
  // visit as it is when they go, so one new pair says everything.
  await cancelMail(client, visit.id, [VISIT_MAIL.customer, VISIT_MAIL.owner, VISIT_MAIL.reminder]);
  const ids: string[] = [];
  for (const kind of [VISIT_MAIL.customer, VISIT_MAIL.owner]) {
    const id = await enqueueMail(client, { leadId: visit.leadId, kind, subjectId: visit.id }, now);
    if (id) ids.push(id);
  }
  const due = visit.status === "booked" ? reminderDue(visit.start, now) : null;
  if (due !== null) {
    await enqueueMail(
      client,
      {
        leadId: visit.leadId,
        kind: VISIT_MAIL.reminder,
        subjectId: visit.id,
        dueAt: due,
        dedupeKey: `visit-reminder:${visit.id}:${visit.sequence}`,
      },
      now,
    );
  }
  return ids;
}

const addressText = (visit: Pick<Visit, "addressLine1" | "town" | "postcode">) =>
  `${visit.addressLine1}, ${visit.town} ${visit.postcode}`;

/** Maps the database's refusal of an overlapping time to the 409 the customer reads. */
async function holdingTime<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isOverlapRefusal(error)) throw new ConflictError(VISIT_MESSAGES.taken);
    throw error;
  }
}

export interface VisitChange {
  booking: VisitBooking;
  /** The e-mails queued, to send right after the answer. */
  mailIds: string[];
  created: boolean;
}

/**
 * POST (or PUT) /api/visits/{token}: books the chosen time, or moves the booked visit to it (until
 * 2 hours before it). The time must be one of the free slots now; two customers racing for it get
 * one booking and one 409, by the database's constraint.
 */
export async function bookVisit(
  token: string,
  booking: CheckedBooking,
  now = Date.now(),
): Promise<VisitChange> {
  const availability = await visitAvailability();
  const inArea = await isServedPostcode(booking.postcode);
  return holdingTime(() =>
    transaction(async (client) => {
      const invitation = await invitationOfToken(client, token, true);
      const current = await currentVisit(client, invitation.id);
      const booked = current?.status === "booked" ? current : null;
      if (booked && !changeable(booked, now)) throw new ConflictError(VISIT_MESSAGES.tooLate);
      const slots = await slotsFor(client, availability, now, booked?.id);
      if (!slots.some((slot) => slot.start === booking.start)) {
        throw new ConflictError(VISIT_MESSAGES.taken);
      }
      const { visit: span, busy } = visitSpan(availability, booking.start);
      const fields = {
        start: span.start,
        end: span.end,
        busyUntil: busy.end,
        addressLine1: booking.addressLine1,
        town: booking.town,
        postcode: booking.postcode,
        accessNotes: booking.accessNotes,
        inArea,
      };
      const visit = booked
        ? await moveVisit(client, booked.id, fields, now)
        : await insertVisit(
            client,
            { ...fields, invitationId: invitation.id, leadId: invitation.leadId },
            now,
          );
      await setInvitationStatus(client, invitation.id, "booked", now);
      const when = formatVisitWhen(visit.start, visit.end);
      await noteOnLead(
        client,
        invitation.leadId,
        booked
          ? `Survey visit moved online by the customer to ${when}, at ${addressText(visit)}.`
          : `Survey visit booked online for ${when}, at ${addressText(visit)}.${inArea ? "" : " The postcode is outside the areas served."}`,
        now,
        LEAD_MAX_NOTES,
      );
      const mailIds = await queueVisitMail(client, visit, now);
      return { booking: customerBooking(visit, now), mailIds, created: !booked };
    }),
  );
}

/** DELETE /api/visits/{token}: cancels the booked visit, until 2 hours before it. */
export async function cancelFromLink(token: string, now = Date.now()): Promise<{ mailIds: string[] }> {
  return transaction(async (client) => {
    const invitation = await invitationOfToken(client, token, true);
    const current = await currentVisit(client, invitation.id);
    if (current?.status !== "booked") throw new ConflictError("There is no booked visit to cancel.");
    if (!changeable(current, now)) throw new ConflictError(VISIT_MESSAGES.tooLate);
    const visit = await cancelVisitRow(client, current.id, "customer", now);
    await setInvitationStatus(client, invitation.id, "cancelled", now);
    await noteOnLead(
      client,
      invitation.leadId,
      `Survey visit of ${formatVisitWhen(visit.start, visit.end)} cancelled online by the customer.`,
      now,
      LEAD_MAX_NOTES,
    );
    return { mailIds: await queueVisitMail(client, visit, now) };
  });
}

// ---------------------------------------------------------------------------------------------
// The owner

const visitNotFound = () => new NotFoundError("Visit not found");

/**
 * The owner moves a visit to any time no other booked visit holds (his availability and notice
 * are his to overrule); the customer is told with an updated invitation.
 */
export async function moveByOwner(visitId: string, start: number, now = Date.now()) {
  const availability = await visitAvailability();
  return holdingTime(() =>
    transaction(async (client) => {
      const current = await visitById(client, visitId, true);
      if (!current) throw visitNotFound();
      if (current.status !== "booked") throw new ConflictError("This visit was cancelled.");
      const { visit: span, busy } = visitSpan(availability, start);
      const visit = await moveVisit(
        client,
        visitId,
        { start: span.start, end: span.end, busyUntil: busy.end },
        now,
      );
      await noteOnLead(
        client,
        visit.leadId,
        `Survey visit moved by you to ${formatVisitWhen(visit.start, visit.end)}; the customer was e-mailed.`,
        now,
        LEAD_MAX_NOTES,
      );
      return { visit, mailIds: await queueVisitMail(client, visit, now) };
    }),
  );
}

/** The owner cancels a visit; the customer is told with a calendar cancellation. */
export async function cancelByOwner(visitId: string, now = Date.now()) {
  return transaction(async (client) => {
    const current = await visitById(client, visitId, true);
    if (!current) throw visitNotFound();
    if (current.status !== "booked") throw new ConflictError("This visit was cancelled already.");
    const visit = await cancelVisitRow(client, visitId, "owner", now);
    await setInvitationStatus(client, visit.invitationId, "cancelled", now);
    await noteOnLead(
      client,
      visit.leadId,
      `Survey visit of ${formatVisitWhen(visit.start, visit.end)} cancelled by you; the customer was e-mailed.`,
      now,
      LEAD_MAX_NOTES,
    );
    return { visit, mailIds: await queueVisitMail(client, visit, now) };
  });
}
