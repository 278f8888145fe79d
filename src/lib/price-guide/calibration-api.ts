/**
 * The lead desk's call for the price guide calibration table. Sends the session cookie.
 *
 * Shipped to the browser: no Node APIs, astro:* or React.
 */
import { SessionEndedError } from "../admin/api";
import { apiError } from "../api-client";
import { LEADS_API } from "../leads-api";
import type { Calibration } from "./calibration";

export async function fetchCalibration(): Promise<Calibration> {
  const response = await fetch(`${LEADS_API}/calibration`, { credentials: "include", cache: "no-store" });
  if (response.status === 401) throw new SessionEndedError();
  if (!response.ok) throw await apiError(response);
  return (await response.json()) as Calibration;
}
