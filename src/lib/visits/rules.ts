/**
 * The rules and exact messages of a survey visit booking (docs/visits.md), as plain functions with
 * no dependencies: the visit page checks with these before sending, the server checks the same, so
 * both give the same messages. Plain functions keep zod out of the page's JavaScript.
 *
 * Browser-safe: no Node APIs, astro:* or React.
 */
import { addressLine1Error, ADDRESS_MESSAGES, characters, oneLine, townError } from "../address-rules.ts";
import { normalisePostcode, POSTCODE_MESSAGE } from "../postcode.ts";
import { parseInstant } from "./london-time.ts";

/** The customer can move or cancel from the link until this long before the visit. */
export const VISIT_CHANGE_CUTOFF_MS = 2 * 60 * 60 * 1000;
export const VISIT_CHANGE_CUTOFF_HOURS = VISIT_CHANGE_CUTOFF_MS / 3_600_000;

export const ACCESS_NOTES_MAX_LENGTH = 500;

export const VISIT_MESSAGES = {
  start: "Please choose a time",
  ...ADDRESS_MESSAGES,
  postcode: POSTCODE_MESSAGE,
  accessNotesMax: `Access notes must be at most ${ACCESS_NOTES_MAX_LENGTH} characters`,
  taken: "That time has just been taken. Please choose another.",
  tooLate: `The visit is less than ${VISIT_CHANGE_CUTOFF_HOURS} hours away, so it can no longer be changed online. Please call us.`,
  outsideArea:
    "This postcode is outside the areas we usually cover. Your visit is booked; we will call you to confirm we can come.",
} as const;

export interface BookingFields {
  /** The chosen start, ISO 8601 with its offset, as the slot list gave it. */
  start: string;
  addressLine1: string;
  town: string;
  postcode: string;
  accessNotes?: string;
}

export interface CheckedBooking {
  start: number;
  addressLine1: string;
  town: string;
  postcode: string;
  accessNotes: string | null;
}

/**
 * Checks a booking as sent: `{ booking }` when every field holds, else `{ fieldErrors }` with one
 * message per field (docs/http-contract.md's shape).
 */
export function checkBooking(
  body: unknown,
): { booking: CheckedBooking } | { fieldErrors: Record<string, string[]> } {
  const fields = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === "string" ? fields[name] : "");
  const errors: Record<string, string[]> = {};
  const start = parseInstant(fields.start);
  if (start === null) errors.start = [VISIT_MESSAGES.start];
  const addressLine1 = oneLine(text("addressLine1"));
  const line1Error = addressLine1Error(addressLine1);
  if (line1Error) errors.addressLine1 = [line1Error];
  const town = oneLine(text("town"));
  const townMessage = townError(town);
  if (townMessage) errors.town = [townMessage];
  const postcode = normalisePostcode(text("postcode"));
  if (!postcode) errors.postcode = [VISIT_MESSAGES.postcode];
  const notes = text("accessNotes")
    .replace(/[\p{Cc}]/gu, (c) => (c === "\n" ? c : " "))
    .trim();
  if (characters(notes) > ACCESS_NOTES_MAX_LENGTH) errors.accessNotes = [VISIT_MESSAGES.accessNotesMax];
  if (
    fields.accessNotes !== undefined &&
    fields.accessNotes !== null &&
    typeof fields.accessNotes !== "string"
  )
    errors.accessNotes = [VISIT_MESSAGES.accessNotesMax];
  if (Object.keys(errors).length) return { fieldErrors: errors };
  return {
    booking: { start: start!, addressLine1, town, postcode: postcode!, accessNotes: notes || null },
  };
}

/** Where and when a visit is, as the customer and the desk read it: times with London's offset. */
export interface VisitPlace {
  start: string;
  end: string;
  addressLine1: string;
  town: string;
  postcode: string;
  accessNotes: string | null;
  /** False when the postcode is outside the areas served (the booking stands). */
  inArea: boolean;
}

/** A visit as GET /api/visits/{token} and the booking's 201 show it to the customer. */
export interface VisitBooking extends VisitPlace {
  /** Said when the postcode is outside the areas served. */
  notice?: string;
  /** Until when the customer may move or cancel it from the link (2 hours before it). */
  changeableUntil: string;
  changeable: boolean;
}

export type InvitationStatus = "invited" | "booked" | "cancelled";

export interface VisitPageState {
  status: InvitationStatus;
  slots: { start: string; end: string }[];
  booking?: VisitBooking;
  /** Before a booking: the property's address given with the quote request, to start the form from. */
  address?: { addressLine1: string; town: string; postcode: string };
}
