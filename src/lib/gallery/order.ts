/** Reordering helpers for the gallery admin (docs/spec.md, Gallery admin: swap with a neighbour, or move to a drop position). Browser-safe. */

/** `ids` with the element at `from` moved to index `to` (clamped to the list). */
export function moveTo<T>(ids: readonly T[], from: number, to: number): T[] {
  const next = [...ids];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1) as [T];
  next.splice(target, 0, moved);
  return next;
}

/** `ids` with the element at `index` swapped with its neighbour `by` (−1 up, +1 down); unchanged at the ends. */
export function swapWithNeighbour<T>(ids: readonly T[], index: number, by: -1 | 1): T[] {
  const other = index + by;
  if (index < 0 || index >= ids.length || other < 0 || other >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[other]] = [next[other] as T, next[index] as T];
  return next;
}
