/**
 * The price guide's calibration points (src/lib/price-guide/calibration.ts): one small JSON entry in
 * the "price-guide-calibration" store holding, for each quoted lead that came through the guide,
 * its job, the range shown and the amount quoted. No names, no contact details. The desk's table
 * reads this one entry instead of every lead. Writes are conditional and retried, so two changes at
 * once lose nothing; points older than the table's window are dropped as the entry is written.
 */
import { calibrationSince, type CalibrationPoint } from "../../../src/lib/price-guide/calibration.ts";
import { getJsonWithEtag, openStore, setJsonIfUnchanged } from "../blobs/open-store.ts";
import { withKeyLock } from "../blobs/key-lock.ts";

const STORE_NAME = "price-guide-calibration";
const POINTS_KEY = "points";
const MAX_ATTEMPTS = 20;

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
  return withKeyLock(`${STORE_NAME}:${POINTS_KEY}`, async () => {
    const s = store();
    const since = calibrationSince(now);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const entry = await getJsonWithEtag<PointsEntry>(s, POINTS_KEY);
      const current = Array.isArray(entry?.data.points) ? entry.data.points : [];
      const others = current.filter((item) => item.id !== id);
      if (!point && others.length === current.length) return;
      const next: PointsEntry = {
        points: [...others.filter((item) => item.quotedAt >= since), ...(point ? [point] : [])],
      };
      if (await setJsonIfUnchanged(s, POINTS_KEY, next, entry?.etag)) return;
    }
    throw new Error(`Calibration points kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
  });
}
