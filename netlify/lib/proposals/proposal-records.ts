/**
 * The rows of the written quotes (tables `proposals` and `proposal_acceptances`, migration
 * 20261125180000_proposals.sql): the only module that reads or writes them. Callers inside a
 * transaction pass its client; reads outside one use the pool.
 */
import type { Totals } from "../../../src/lib/proposals/money.ts";
import type { ProposalLine } from "../../../src/lib/proposals/proposal-schema.ts";
import type { ProposalStatus } from "../../../src/lib/proposals/proposal-status.ts";
import type { QuoteDocument } from "../../../src/lib/proposals/quote-document.ts";
import { database, type Queryable } from "../database/database.ts";
import { isUuid } from "../http/uuid.ts";
import { hashLinkToken } from "../links/link-tokens.ts";

export interface ProposalRow {
  id: string;
  lead_id: string;
  version: number;
  status: ProposalStatus;
  lines: ProposalLine[];
  deposit_percent: number;
  notes: string | null;
  start_window: string | null;
  created_at: Date;
  updated_at: Date;
  number: string | null;
  document: QuoteDocument | null;
  document_hash: string | null;
  sent_at: Date | null;
  valid_until: Date | null;
  viewed_at: Date | null;
  decided_at: Date | null;
  decline_reason: string | null;
  cancelled_at: Date | null;
  withdrawn_at: Date | null;
  replaced_by: string | null;
}

export interface AcceptanceRow {
  proposal_id: string;
  accepted_at: Date;
  name: string;
  options: number[];
  start_early: boolean;
  document_hash: string;
  client_hash: string;
  user_agent: string | null;
  property_address: { line1: string; town: string; postcode: string } | null;
  totals: Totals & { deposit: number };
}

const COLUMNS = `id, lead_id, version, status, lines, deposit_percent, notes, start_window, created_at,
  updated_at, number, document, document_hash, sent_at, valid_until, viewed_at, decided_at,
  decline_reason, cancelled_at, withdrawn_at, replaced_by`;

export async function readProposal(
  id: string,
  client: Queryable = database(),
  lock = false,
): Promise<ProposalRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await client.query<ProposalRow>(
    `SELECT ${COLUMNS} FROM proposals WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0] ?? null;
}

/** The proposal a link's token opens (by the token's hash, netlify/lib/links/link-tokens.ts). */
export async function proposalByToken(token: string): Promise<ProposalRow | null> {
  const { rows } = await database().query<ProposalRow>(
    `SELECT ${COLUMNS} FROM proposals
      WHERE id = (SELECT subject_id FROM link_tokens WHERE token_hash = $1 AND purpose = 'quote')`,
    [hashLinkToken(token)],
  );
  return rows[0] ?? null;
}

/** A lead's proposals, newest version first. */
export async function proposalsOfLead(
  leadId: string,
  client: Queryable = database(),
): Promise<ProposalRow[]> {
  const { rows } = await client.query<ProposalRow>(
    `SELECT ${COLUMNS} FROM proposals WHERE lead_id = $1 ORDER BY version DESC`,
    [leadId],
  );
  return rows;
}

const ACCEPTANCE_COLUMNS = `proposal_id, accepted_at, name, options, start_early, document_hash, client_hash,
  user_agent, property_address, totals`;

/** What the owner writes in a draft, and when. */
export interface DraftValues {
  lines: ProposalLine[];
  depositPercent: number;
  notes: string | null;
  startWindow: string | null;
  now: number;
}

export async function acceptanceOf(
  proposalId: string,
  client: Queryable = database(),
): Promise<AcceptanceRow | null> {
  const { rows } = await client.query<AcceptanceRow>(
    `SELECT ${ACCEPTANCE_COLUMNS} FROM proposal_acceptances WHERE proposal_id = $1`,
    [proposalId],
  );
  return rows[0] ?? null;
}

/** The acceptances of these proposals, by proposal id. */
export async function acceptancesOf(ids: readonly string[]): Promise<Map<string, AcceptanceRow>> {
  if (!ids.length) return new Map();
  const { rows } = await database().query<AcceptanceRow>(
    `SELECT ${ACCEPTANCE_COLUMNS} FROM proposal_acceptances WHERE proposal_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.proposal_id, row]));
}

export async function insertProposal(
  client: Queryable,
  values: DraftValues & { id: string; leadId: string },
): Promise<ProposalRow> {
  const at = new Date(values.now).toISOString();
  const { rows } = await client.query<ProposalRow>(
    `INSERT INTO proposals (id, lead_id, version, status, lines, deposit_percent, notes, start_window, created_at, updated_at)
     VALUES ($1, $2, (SELECT COALESCE(max(version), 0) + 1 FROM proposals WHERE lead_id = $2), 'draft', $3, $4, $5, $6, $7, $7)
     RETURNING ${COLUMNS}`,
    [
      values.id,
      values.leadId,
      JSON.stringify(values.lines),
      values.depositPercent,
      values.notes,
      values.startWindow,
      at,
    ],
  );
  return rows[0]!;
}

export async function updateDraft(client: Queryable, id: string, values: DraftValues): Promise<ProposalRow> {
  const { rows } = await client.query<ProposalRow>(
    `UPDATE proposals SET lines = $2, deposit_percent = $3, notes = $4, start_window = $5, updated_at = $6
      WHERE id = $1 AND status = 'draft' RETURNING ${COLUMNS}`,
    [
      id,
      JSON.stringify(values.lines),
      values.depositPercent,
      values.notes,
      values.startWindow,
      new Date(values.now).toISOString(),
    ],
  );
  return rows[0]!;
}

/** Sets columns of one proposal (names are this module's callers' constants, never input). */
export async function setProposal(
  client: Queryable,
  id: string,
  set: Record<string, unknown>,
): Promise<ProposalRow> {
  const names = Object.keys(set);
  const assignments = names.map((name, index) => `${name} = $${index + 2}`).join(", ");
  const values = names.map((name) => {
    const value = set[name];
    if (value instanceof Date) return value.toISOString();
    if (value !== null && typeof value === "object") return JSON.stringify(value);
    return value;
  });
  const { rows } = await client.query<ProposalRow>(
    `UPDATE proposals SET ${assignments} WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, ...values],
  );
  return rows[0]!;
}

export async function insertAcceptance(client: Queryable, row: AcceptanceRow): Promise<void> {
  await client.query(
    `INSERT INTO proposal_acceptances (proposal_id, accepted_at, name, options, start_early, document_hash,
       client_hash, user_agent, property_address, totals)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      row.proposal_id,
      row.accepted_at.toISOString(),
      row.name,
      row.options,
      row.start_early,
      row.document_hash,
      row.client_hash,
      row.user_agent,
      row.property_address ? JSON.stringify(row.property_address) : null,
      JSON.stringify(row.totals),
    ],
  );
}
