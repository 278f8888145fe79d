/**
 * The lead desk's side of price guide calibration: a lead's point follows its status, quoted amount
 * and estimate, and the table is worked out from the stored points.
 */
import {
  calibrate,
  isQuotedStatus,
  type Calibration,
  type CalibrationPoint,
} from "../../../src/lib/price-guide/calibration.ts";
import { storedEstimate } from "../../../src/lib/price-guide/estimate.ts";
import type { QuoteRecord } from "../quote/quote-store.ts";
import { readCalibrationPoints, setCalibrationPoint } from "./calibration-store.ts";

/** The lead's point: only a quoted lead with an amount and a guide range (not a "from" price) has one. */
export function calibrationPointOf(record: QuoteRecord): CalibrationPoint | null {
  const estimate = storedEstimate(record.estimate);
  if (!estimate || estimate.high === null) return null;
  if (!isQuotedStatus(record.status) || record.quotedAmount === undefined || !record.quotedAt) return null;
  return {
    id: record.id,
    job: estimate.job,
    label: estimate.label,
    low: estimate.low,
    high: estimate.high,
    quotedAmount: record.quotedAmount,
    quotedAt: record.quotedAt,
  };
}

/** Makes the stored points agree with the lead as it now is (after a status or amount change). */
export async function syncCalibration(record: QuoteRecord, now = Date.now()): Promise<void> {
  await setCalibrationPoint(record.id, calibrationPointOf(record), now);
}

/** An erased lead takes its point with it. */
export async function forgetCalibration(id: string): Promise<void> {
  await setCalibrationPoint(id, null);
}

export async function guideCalibration(now = Date.now()): Promise<Calibration> {
  return calibrate(await readCalibrationPoints(), now);
}
