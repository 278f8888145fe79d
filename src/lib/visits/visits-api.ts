/**
 * The lead desk's calls about survey visits (docs/visits.md, docs/http-contract.md): invite a lead,
 * the agenda, move or cancel a visit, and the blocked days or times. Every call sends the session
 * cookie; a 401 ends the session; none is retried.
 *
 * Shipped to the browser: no Node APIs, astro:* or React.
 */
import { apiError } from "../api-client";
import { SessionEndedError } from "../admin/api";
import type { VisitPlace } from "./rules";

/** The visit of a lead, as GET /api/admin/contact-submissions/{id} carries it (null: never invited). */
export interface LeadVisitSummary {
  status: "invited" | "booked" | "cancelled";
  invitedAt: string;
  booking:
    | (VisitPlace & {
        id: string;
        status: "booked" | "cancelled";
        cancelledBy: "customer" | "owner" | null;
      })
    | null;
}

export interface AgendaVisit extends VisitPlace {
  id: string;
  leadId: string;
  name: string;
  phone: string;
  reference: string | null;
}

export interface VisitBlock {
  id: string;
  start: string;
  end: string;
  reason: string | null;
}

async function call(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    credentials: "include",
    cache: "no-store",
    ...init,
    headers: init.body ? { "Content-Type": "application/json" } : {},
  });
  if (response.status === 401) throw new SessionEndedError();
  if (!response.ok) throw await apiError(response);
  return response;
}

/** Sends the lead a link to book a visit; the link (a new one each time). */
export async function inviteToVisit(leadId: string): Promise<string> {
  const response = await call(
    `/api/admin/contact-submissions/${encodeURIComponent(leadId)}/visit-invitation`,
    {
      method: "POST",
    },
  );
  return ((await response.json()) as { url: string }).url;
}

export async function fetchAgenda(from: string, to: string): Promise<AgendaVisit[]> {
  const response = await call(`/api/admin/visits?from=${from}&to=${to}`);
  return (await response.json()) as AgendaVisit[];
}

export async function moveVisit(id: string, start: string): Promise<LeadVisitSummary> {
  const response = await call(`/api/admin/visits/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: JSON.stringify({ start }),
  });
  return (await response.json()) as LeadVisitSummary;
}

export async function cancelVisit(id: string): Promise<LeadVisitSummary> {
  const response = await call(`/api/admin/visits/${encodeURIComponent(id)}`, { method: "DELETE" });
  return (await response.json()) as LeadVisitSummary;
}

export async function fetchBlocks(): Promise<VisitBlock[]> {
  return (await (await call("/api/admin/visit-blocks")).json()) as VisitBlock[];
}

export async function addBlock(block: { start: string; end: string; reason?: string }): Promise<VisitBlock> {
  const response = await call("/api/admin/visit-blocks", { method: "POST", body: JSON.stringify(block) });
  return (await response.json()) as VisitBlock;
}

export async function removeBlock(id: string): Promise<void> {
  await call(`/api/admin/visit-blocks/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** A map search for an address (opens the phone's map app). */
export const mapLink = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
