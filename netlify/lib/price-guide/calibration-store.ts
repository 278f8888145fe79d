/**
 * The price guide's calibration points (src/lib/price-guide/calibration.ts): one small JSON entry in
 * the "price-guide-calibration" store holding, for each quoted lead that came through the guide,
 * its job, the range shown and the amount quoted. No names, no contact details. The desk's table
 * reads this one entry instead of every lead. Writes go through the one conditional update, so two
 * changes at once lose nothing; points older than the table's window are dropped as the entry is written.
 */
import { calibrationSince, type CalibrationPoint } from "../../../src/lib/price-guide/calibration.ts";
import { conditionalUpdate } from "../blobs/conditional-update.ts";
import { openStore } from "../blobs/open-store.ts";

const STORE_NAME = "price-guide-calibration";
const POINTS_KEY = "points";

interface PointsEntry {
  points: CalibrationPoint[];
}

const store = () => openStore(STORE_NAME);

export async function readCalibrationPoints(): Promise<CalibrationPoint[]> {
  const entry = (await store().get(POINTS_KEY, { type: "json" })) as PointsEntry | null;
  return Array.isArray(entry?.points) ? entry.points : [];
}

/** Puts (or with null removes) the point of lead `id`; no write when nothing changes. */
export function setCalibrationPoint(id: string, point: CalibrationPoint | null, now = Date.now()) {
  const since = calibrationSince(now);
  return conditionalUpdate<PointsEntry, void>(STORE_NAME, POINTS_KEY, (entry) => {
    const current = Array.isArray(entry?.points) ? entry.points : [];
    const others = current.filter((item) => item.id !== id);
    if (!point && others.length === current.length) return { result: undefined };
    return {
      next: { points: [...others.filter((item) => item.quotedAt >= since), ...(point ? [point] : [])] },
      result: undefined,
    };
  });
}
