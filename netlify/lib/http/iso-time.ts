/** Instants as the API's JSON and the database's parameters carry them: ISO 8601 in UTC. */

/** An instant (ms since the epoch) as ISO 8601: `2026-11-20T14:05:00.000Z`. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** A timestamp column that may be empty, as ISO 8601 or null. */
export const isoOrNull = (value: Date | null): string | null => value?.toISOString() ?? null;
