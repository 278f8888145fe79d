/**
 * The browser's calls for the clean-up after a flood (POST /api/admin/leads/erase). Shipped to the
 * browser: no Node APIs, astro:* or React.
 */
import { apiError } from "../api-client";
import { SessionEndedError } from "./api";
import { withPasskeyProof } from "./passkey-client";

export interface FloodFilter {
  source?: string;
  from?: string;
  to?: string;
}

async function post<T>(body: FloodFilter & { confirm?: number }): Promise<T> {
  // Erasure asks a passkey session for its passkey again (docs/staff.md).
  const response = await withPasskeyProof(() =>
    fetch("/api/admin/leads/erase", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  if (response.status === 401) throw new SessionEndedError();
  if (!response.ok) throw await apiError(response);
  return (await response.json()) as T;
}

/** How many leads the filter matches (won and completed ones aside). */
export const countFlood = async (filter: FloodFilter) => (await post<{ matches: number }>(filter)).matches;

/** Erases them, if `count` is still how many match. */
export const eraseFlood = async (filter: FloodFilter, count: number) =>
  (await post<{ erased: number }>({ ...filter, confirm: count })).erased;
