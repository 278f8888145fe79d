/**
 * When survey visits can be booked online (content/visits.yaml, docs/visits.md): the weekdays and
 * the hours a visit may start, how long one takes, the gap kept free after it, how many days ahead
 * and how much notice. All in UK time (Europe/London). Days and times the owner cannot do are
 * blocked in the lead desk, not here.
 *
 * zod/mini, because the visit functions check the file with it again when they read it
 * (netlify/lib/visits/visit-content.ts); the build checks it through src/content.config.ts.
 * Browser-safe.
 */
import * as z from "zod/mini";
import "../zod-locale.ts";

/** The days of the week, in the order the owner reads them. */
export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const clockTime = (what: string) =>
  z
    .string()
    .check(
      z.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, `${what} must be a time written hh:mm, e.g. 09:00`),
      z.describe(`${what}, UK time, written hh:mm (24-hour clock)`),
    );

export const VisitAvailabilitySchema = z
  .strictObject({
    weekdays: z
      .array(z.enum(WEEKDAYS, { error: `weekdays must be among: ${WEEKDAYS.join(", ")}` }))
      .check(
        z.minLength(1),
        z.maxLength(7),
        z.meta({ title: "Days" }),
        z.describe("The days of the week a visit can be booked"),
      ),
    firstStart: clockTime("The earliest start").check(z.meta({ title: "Earliest start" })),
    lastStart: clockTime("The latest start").check(z.meta({ title: "Latest start" })),
    visitMinutes: z
      .number()
      .check(
        z.int(),
        z.minimum(15),
        z.maximum(240),
        z.meta({ title: "Visit length (minutes)" }),
        z.describe("How long a survey visit takes"),
      ),
    gapMinutes: z
      .number()
      .check(
        z.int(),
        z.minimum(0),
        z.maximum(240),
        z.meta({ title: "Gap between visits (minutes)" }),
        z.describe("Kept free after each visit, for travel"),
      ),
    daysAhead: z
      .number()
      .check(
        z.int(),
        z.minimum(1),
        z.maximum(60),
        z.meta({ title: "Days ahead" }),
        z.describe("How many days ahead a visit can be booked"),
      ),
    noticeHours: z
      .number()
      .check(
        z.int(),
        z.minimum(0),
        z.maximum(168),
        z.meta({ title: "Least notice (hours)" }),
        z.describe("A visit can be booked at least this many hours before it starts"),
      ),
  })
  .check(
    z.refine((a) => a.firstStart <= a.lastStart, {
      path: ["lastStart"],
      message: "The latest start must not be before the earliest start",
    }),
    z.meta({
      title: "Visit availability",
      description: "When customers can book a survey visit online (/visit links)",
    }),
  );

export type VisitAvailability = z.infer<typeof VisitAvailabilitySchema>;
