/**
 * The calendar invitation of a survey visit (docs/visits.md), written by ical-generator: one VEVENT
 * with the visit's stable UID, its SEQUENCE (raised by every move and by the cancellation), the
 * start and end in UTC, and the property's address as LOCATION. METHOD:REQUEST for a booking or a
 * move (a phone's calendar adds or updates it in one tap), METHOD:CANCEL for a cancellation.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { Visit } from "./visit-records.ts";

export interface CalendarParty {
  name: string;
  email: string;
}

export function visitCalendar(
  visit: Pick<
    Visit,
    "uid" | "sequence" | "start" | "end" | "status" | "addressLine1" | "town" | "postcode" | "updatedAt"
  >,
  details: { summary: string; description: string; organizer: CalendarParty; attendee: CalendarParty },
): { method: "REQUEST" | "CANCEL"; filename: string; content: string } {
  const cancelled = visit.status === "cancelled";
  const method = cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({
    prodId: { company: "Glenbrae Roofing", product: "Survey visits", language: "EN" },
    method,
  });
  calendar.createEvent({
    id: visit.uid,
    sequence: visit.sequence,
    stamp: new Date(visit.updatedAt),
    start: new Date(visit.start),
    end: new Date(visit.end),
    summary: details.summary,
    description: details.description,
    location: `${visit.addressLine1}, ${visit.town} ${visit.postcode}`,
    organizer: details.organizer,
    attendees: [{ name: details.attendee.name, email: details.attendee.email, rsvp: false }],
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return { method, filename: cancelled ? "visit-cancelled.ics" : "visit.ics", content: calendar.toString() };
}
