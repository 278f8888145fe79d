/**
 * Calibration of the price guide: what the owner actually quoted, against the range the visitor
 * was shown. The lead desk records the amount on a quoted lead and shows, per job, how the amounts
 * of the last 12 months compare with the guide's midpoint, so a band that has drifted shows up.
 *
 * Browser-safe and dependency-free: the lead desk and the functions share it.
 */
import { formatPounds } from "./format.ts";

/** The window the desk's table covers. */
export const CALIBRATION_MONTHS = 12;
/** A difference from the guide's midpoint larger than this (either way) asks the owner to review the band. */
export const CALIBRATION_TOLERANCE_PERCENT = 15;
/** Largest amount the desk takes: well above any house the firm would quote. */
export const QUOTED_AMOUNT_MAX = 500_000;

export const QUOTED_AMOUNT_MESSAGE = `The amount quoted must be whole pounds from £1 to ${formatPounds(QUOTED_AMOUNT_MAX)}`;
export const NOT_QUOTED_MESSAGE =
  "Set the status to Quote sent, Won, Completed or Lost before recording the amount quoted";

/** Whole pounds, VAT included, from £1 to QUOTED_AMOUNT_MAX. */
export function isQuotedAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= QUOTED_AMOUNT_MAX;
}

/** Statuses at which a lead has been quoted: every status after `new` and `contacted`. */
export function isQuotedStatus(status: string | undefined): boolean {
  return status !== undefined && status !== "new" && status !== "contacted";
}

/** One quoted lead that came through the guide: nothing about the customer, only the figures. */
export interface CalibrationPoint {
  /** The lead's id, so changing or erasing the lead changes its point. */
  id: string;
  job: string;
  label: string;
  low: number;
  high: number;
  quotedAmount: number;
  quotedAt: string;
}

export interface CalibrationRow {
  job: string;
  label: string;
  quotes: number;
  /** How many amounts fell inside the range the visitor was shown. */
  inBand: number;
  /** Averages, whole pounds. */
  guideMidpoint: number;
  quotedAverage: number;
  /** Average quoted against average midpoint, whole percent (+12 means 12% above the guide). */
  differencePercent: number;
  /** The difference is beyond CALIBRATION_TOLERANCE_PERCENT: the band wants a look. */
  review: boolean;
}

export interface Calibration {
  since: string;
  months: number;
  tolerancePercent: number;
  rows: CalibrationRow[];
}

/** The instant CALIBRATION_MONTHS before `now`, as an ISO string. */
export function calibrationSince(now: number): string {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - CALIBRATION_MONTHS);
  return date.toISOString();
}

/** Per job (most quotes first), the amounts quoted since calibrationSince(now) against the guide. */
export function calibrate(points: readonly CalibrationPoint[], now: number): Calibration {
  const since = calibrationSince(now);
  const groups = new Map<string, CalibrationPoint[]>();
  for (const point of points) {
    if (point.quotedAt < since) continue;
    groups.set(point.job, [...(groups.get(point.job) ?? []), point]);
  }
  const rows = [...groups].map(([job, group]): CalibrationRow => {
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const midpoint = sum(group.map((point) => (point.low + point.high) / 2)) / group.length;
    const quoted = sum(group.map((point) => point.quotedAmount)) / group.length;
    const differencePercent = Math.round((quoted / midpoint - 1) * 100);
    return {
      job,
      // The newest label: a job renamed in the guide shows its current name.
      label: [...group].sort((a, b) => (a.quotedAt < b.quotedAt ? 1 : -1))[0]!.label,
      quotes: group.length,
      inBand: group.filter((point) => point.quotedAmount >= point.low && point.quotedAmount <= point.high)
        .length,
      guideMidpoint: Math.round(midpoint),
      quotedAverage: Math.round(quoted),
      differencePercent,
      review: Math.abs(differencePercent) > CALIBRATION_TOLERANCE_PERCENT,
    };
  });
  rows.sort((a, b) => b.quotes - a.quotes || a.label.localeCompare(b.label));
  return { since, months: CALIBRATION_MONTHS, tolerancePercent: CALIBRATION_TOLERANCE_PERCENT, rows };
}

/** "+12%", "−8%", "0%". */
export function formatDifference(percent: number): string {
  return percent > 0 ? `+${percent}%` : percent < 0 ? `−${Math.abs(percent)}%` : "0%";
}
