/**
 * Browser calls of the desk's written quotes (docs/http-contract.md, Admin; docs/proposals.md):
 * build and change a draft, preview, send, withdraw. Every call sends the session cookie; none is
 * retried. A refusal with field errors comes back as ProposalRefusal, the server's words kept.
 *
 * Shipped to the browser: no Node APIs, astro:* or React.
 */
import { SessionEndedError } from "../admin/api";
import type { Totals } from "./money";
import type { ProposalBody, ProposalLine } from "./proposal-schema";
import type { ProposalStatus } from "./proposal-status";
import type { QuoteView } from "./quote-document";

/** One item of the lead's `proposals` (GET /api/admin/contact-submissions/{id}), newest first. */
export interface ProposalSummary {
  id: string;
  number: string | null;
  version: number;
  status: ProposalStatus;
  totals: Totals;
  sentAt: string | null;
  viewedAt: string | null;
  decidedAt: string | null;
  validUntil: string | null;
  cancelledAt: string | null;
  startEarly: boolean | null;
  declineReason: string | null;
}

/** The proposal as the admin endpoints answer it. */
export interface AdminProposal {
  id: string;
  number: string | null;
  version: number;
  status: ProposalStatus;
  sentAt: string | null;
  viewedAt: string | null;
  decidedAt: string | null;
  validUntil: string | null;
  cancelledAt: string | null;
  declineReason: string | null;
  lines: Required<ProposalLine>[];
  depositPercent: number;
  notes: string | null;
  startWindow: string | null;
  totals: Totals;
  deposit: number;
  /** A trade customer's quote (the reverse charge): from the lead while a draft, as sent after. */
  tradeCustomer?: { vatNumber: string } | null;
  customerUrl: string | null;
}

export class ProposalRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = "ProposalRefusal";
  }
}

/**
 * One call of an admin endpoint that answers JSON: the session cookie sent, 401 as SessionEndedError,
 * any other refusal as ProposalRefusal with the server's message and field errors. The desk's money
 * calls (../payments/payments-api.ts) share it.
 */
export async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: "include",
      cache: "no-store",
      ...init,
      headers: init.body ? { "Content-Type": "application/json" } : undefined,
    });
  } catch {
    throw new ProposalRefusal(0, "Could not reach the server. Check the connection and try again.");
  }
  if (response.status === 401) throw new SessionEndedError();
  const body = (await response.json().catch(() => null)) as
    (T & { error?: string; fieldErrors?: Record<string, string[]> }) | null;
  if (!response.ok)
    throw new ProposalRefusal(
      response.status,
      body?.error ?? `${response.status}: ${response.statusText}`,
      body?.fieldErrors ?? {},
    );
  return body as T;
}

const proposalUrl = (id: string) => `/api/admin/proposals/${encodeURIComponent(id)}`;

export const readProposal = (id: string) => call<AdminProposal>(proposalUrl(id));

/** Creates the draft (no id yet) or changes it. */
export const saveDraft = (leadId: string, id: string | null, body: ProposalBody) =>
  id
    ? call<AdminProposal>(proposalUrl(id), { method: "PUT", body: JSON.stringify(body) })
    : call<AdminProposal>(`/api/admin/contact-submissions/${encodeURIComponent(leadId)}/proposals`, {
        method: "POST",
        body: JSON.stringify(body),
      });

export const previewProposal = (id: string) => call<QuoteView>(`${proposalUrl(id)}/preview`);

export const sendProposal = (id: string) =>
  call<AdminProposal>(`${proposalUrl(id)}/send`, { method: "POST" });

export const withdrawProposal = (id: string) =>
  call<AdminProposal>(`${proposalUrl(id)}/withdraw`, { method: "POST" });
