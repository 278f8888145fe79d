/** Survey visit settings for the function tests that book visits. */
import type { VisitAvailability } from "../../src/lib/visits/availability-schema.ts";

/** Every day, 08:00 to 17:00, one hour visits with 30 minutes between, no notice: slots always exist. */
export const ALWAYS_OPEN: VisitAvailability = {
  weekdays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
  firstStart: "08:00",
  lastStart: "17:00",
  visitMinutes: 60,
  gapMinutes: 30,
  daysAhead: 7,
  noticeHours: 0,
};
