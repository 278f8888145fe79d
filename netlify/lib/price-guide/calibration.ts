/**
 * The lead desk's side of price guide calibration: the table is worked out from the leads that
 * were quoted in the window with an amount and a guide range, read straight from their rows, so a
 * status change, a new amount or an erasure shows at once. No names, no contact details leave here.
 */
import {
  calibrate,
  calibrationSince,
  isQuotedStatus,
  type Calibration,
  type CalibrationPoint,
} from "../../../src/lib/price-guide/calibration.ts";
import { storedEstimate } from "../../../src/lib/price-guide/estimate.ts";
import { database } from "../database/database.ts";
import type { QuoteRecord } from "../quote/quote-store.ts";

/** The lead's point: only a quoted lead with an amount and a guide range (not a "from" price) has one. */
export function calibrationPointOf(
  record: Pick<QuoteRecord, "id" | "estimate" | "status" | "quotedAmount" | "quotedAt">,
): CalibrationPoint | null {
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

export async function guideCalibration(now = Date.now()): Promise<Calibration> {
  const { rows } = await database().query<{
    id: string;
    estimate: QuoteRecord["estimate"];
    status: string;
    quoted_amount: number;
    quoted_at: Date;
  }>(
    `SELECT id, estimate, status, quoted_amount, quoted_at FROM leads
      WHERE quoted_amount IS NOT NULL AND estimate IS NOT NULL AND quoted_at >= $1`,
    [calibrationSince(now)],
  );
  const points = rows
    .map((row) =>
      calibrationPointOf({
        id: row.id,
        estimate: row.estimate,
        status: row.status as QuoteRecord["status"],
        quotedAmount: row.quoted_amount,
        quotedAt: row.quoted_at.toISOString(),
      }),
    )
    .filter((point): point is CalibrationPoint => point !== null);
  return calibrate(points, now);
}
