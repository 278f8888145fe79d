/**
 * The visit records in Netlify Database (docs/visits.md): `visit_invitations`, `visits` and
 * `visit_blocks`. The only module with their SQL; every function takes the connection to run on,
 * so a booking's reads and writes share its transaction.
 */
import { randomUUID } from "node:crypto";
import { database, type Queryable } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";
import { linkSubject } from "../links/link-tokens.ts";
import type { Span } from "../../../src/lib/visits/slots.ts";

/** SQLSTATE of an exclusion constraint violation: the time overlaps a booked visit. */
export const EXCLUSION_VIOLATION = "23P01";

export function isOverlapRefusal(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return code === EXCLUSION_VIOLATION;
}

export interface Invitation {
  id: string;
  leadId: string;
  status: "invited" | "booked" | "cancelled";
  createdAt: string;
}

export interface NewVisit {
  invitationId: string;
  leadId: string;
  start: number;
  end: number;
  busyUntil: number;
  addressLine1: string;
  town: string;
  postcode: string;
  accessNotes: string | null;
  inArea: boolean;
}

export interface Visit extends NewVisit {
  id: string;
  status: "booked" | "cancelled";
  uid: string;
  sequence: number;
  bookedAt: string;
  updatedAt: string;
  cancelledBy: "customer" | "owner" | null;
}

interface InvitationRow {
  id: string;
  lead_id: string;
  status: Invitation["status"];
  created_at: Date;
}

interface VisitRow {
  id: string;
  invitation_id: string;
  lead_id: string;
  start_at: Date;
  end_at: Date;
  busy_until: Date;
  address_line1: string;
  town: string;
  postcode: string;
  access_notes: string | null;
  in_area: boolean;
  status: Visit["status"];
  uid: string;
  sequence: number;
  booked_at: Date;
  updated_at: Date;
  cancelled_by: Visit["cancelledBy"];
}

const INVITATION_COLUMNS = "id, lead_id, status, created_at";
const VISIT_COLUMNS = `id, invitation_id, lead_id, start_at, end_at, busy_until, address_line1, town, postcode,
  access_notes, in_area, status, uid, sequence, booked_at, updated_at, cancelled_by`;

const invitationOf = (row: InvitationRow): Invitation => ({
  id: row.id,
  leadId: row.lead_id,
  status: row.status,
  createdAt: row.created_at.toISOString(),
});

const visitOf = (row: VisitRow): Visit => ({
  id: row.id,
  invitationId: row.invitation_id,
  leadId: row.lead_id,
  start: row.start_at.getTime(),
  end: row.end_at.getTime(),
  busyUntil: row.busy_until.getTime(),
  addressLine1: row.address_line1,
  town: row.town,
  postcode: row.postcode,
  accessNotes: row.access_notes,
  inArea: row.in_area,
  status: row.status,
  uid: row.uid,
  sequence: row.sequence,
  bookedAt: row.booked_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  cancelledBy: row.cancelled_by,
});

// ---------------------------------------------------------------------------------------------
// Invitations

/**
 * The lead's invitation, created or (inviting again) kept with its status; the caller gives it a
 * new link and closes the old ones (visit-desk.ts).
 */
export async function saveInvitation(client: Queryable, leadId: string, now: number): Promise<Invitation> {
  const { rows } = await client.query<InvitationRow>(
    `INSERT INTO visit_invitations (id, lead_id, status, created_at, updated_at)
     VALUES ($1, $2, 'invited', $3, $3)
     ON CONFLICT (lead_id) DO UPDATE SET updated_at = EXCLUDED.updated_at
     RETURNING ${INVITATION_COLUMNS}`,
    [randomUUID(), leadId, iso(now)],
  );
  return invitationOf(rows[0]!);
}

/** The invitation a link opens (by its token), locked for the caller's transaction when asked. */
export async function invitationByToken(
  client: Queryable,
  token: string,
  lock = false,
): Promise<Invitation | null> {
  const id = await linkSubject(client, "visit", token);
  if (!id) return null;
  const { rows } = await client.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM visit_invitations WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  if (!rows[0]) return null;
  // Locked only now: a new invitation that closed this link meanwhile has committed, and shows.
  if (lock && (await linkSubject(client, "visit", token)) !== id) return null;
  return invitationOf(rows[0]);
}

export async function invitationById(client: Queryable, id: string): Promise<Invitation | null> {
  const { rows } = await client.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM visit_invitations WHERE id = $1`,
    [id],
  );
  return rows[0] ? invitationOf(rows[0]) : null;
}

export async function invitationOfLead(client: Queryable, leadId: string): Promise<Invitation | null> {
  const { rows } = await client.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM visit_invitations WHERE lead_id = $1`,
    [leadId],
  );
  return rows[0] ? invitationOf(rows[0]) : null;
}

export async function setInvitationStatus(
  client: Queryable,
  id: string,
  status: Invitation["status"],
  now: number,
): Promise<void> {
  await client.query("UPDATE visit_invitations SET status = $2, updated_at = $3 WHERE id = $1", [
    id,
    status,
    iso(now),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Visits

export async function visitById(client: Queryable, id: string, lock = false): Promise<Visit | null> {
  const { rows } = await client.query<VisitRow>(
    `SELECT ${VISIT_COLUMNS} FROM visits WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0] ? visitOf(rows[0]) : null;
}

/** The invitation's booked visit, or else its latest one (cancelled); null when none was booked. */
export async function currentVisit(client: Queryable, invitationId: string): Promise<Visit | null> {
  const { rows } = await client.query<VisitRow>(
    `SELECT ${VISIT_COLUMNS} FROM visits WHERE invitation_id = $1
      ORDER BY (status = 'booked') DESC, booked_at DESC, id LIMIT 1`,
    [invitationId],
  );
  return rows[0] ? visitOf(rows[0]) : null;
}

/** Books a visit; the exclusion constraint refuses it (23P01) when its busy span is taken. */
export async function insertVisit(client: Queryable, visit: NewVisit, now: number): Promise<Visit> {
  const id = randomUUID();
  const { rows } = await client.query<VisitRow>(
    `INSERT INTO visits (id, invitation_id, lead_id, start_at, end_at, busy_until, address_line1, town, postcode,
       access_notes, in_area, status, uid, sequence, booked_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'booked', $12, 0, $13, $13)
     RETURNING ${VISIT_COLUMNS}`,
    [
      id,
      visit.invitationId,
      visit.leadId,
      iso(visit.start),
      iso(visit.end),
      iso(visit.busyUntil),
      visit.addressLine1,
      visit.town,
      visit.postcode,
      visit.accessNotes,
      visit.inArea,
      `visit-${id}@glenbrae-roofing`,
      iso(now),
    ],
  );
  return visitOf(rows[0]!);
}

/**
 * Moves a booked visit (and, from the customer, its address): the same UID, the next SEQUENCE.
 * The exclusion constraint refuses a time another booked visit holds (23P01).
 */
export async function moveVisit(
  client: Queryable,
  id: string,
  change: Pick<NewVisit, "start" | "end" | "busyUntil"> &
    Partial<Pick<NewVisit, "addressLine1" | "town" | "postcode" | "accessNotes" | "inArea">>,
  now: number,
): Promise<Visit> {
  const { rows } = await client.query<VisitRow>(
    `UPDATE visits SET start_at = $2, end_at = $3, busy_until = $4,
       address_line1 = COALESCE($5, address_line1), town = COALESCE($6, town), postcode = COALESCE($7, postcode),
       access_notes = CASE WHEN $8::boolean THEN $9 ELSE access_notes END, in_area = COALESCE($10, in_area),
       sequence = sequence + 1, updated_at = $11
     WHERE id = $1 AND status = 'booked' RETURNING ${VISIT_COLUMNS}`,
    [
      id,
      iso(change.start),
      iso(change.end),
      iso(change.busyUntil),
      change.addressLine1 ?? null,
      change.town ?? null,
      change.postcode ?? null,
      change.accessNotes !== undefined,
      change.accessNotes ?? null,
      change.inArea ?? null,
      iso(now),
    ],
  );
  return visitOf(rows[0]!);
}

/** Cancels a booked visit: its time is free at once; the next SEQUENCE goes with the CANCEL. */
export async function cancelVisitRow(
  client: Queryable,
  id: string,
  by: "customer" | "owner",
  now: number,
): Promise<Visit> {
  const { rows } = await client.query<VisitRow>(
    `UPDATE visits SET status = 'cancelled', cancelled_at = $2, cancelled_by = $3, sequence = sequence + 1,
       updated_at = $2
     WHERE id = $1 AND status = 'booked' RETURNING ${VISIT_COLUMNS}`,
    [id, iso(now), by],
  );
  return visitOf(rows[0]!);
}

/** The busy spans (visit and gap) of the booked visits that overlap `span`, but `except`'s. */
export async function busySpans(client: Queryable, span: Span, except?: string): Promise<Span[]> {
  const { rows } = await client.query<{ start_at: Date; busy_until: Date }>(
    `SELECT start_at, busy_until FROM visits
      WHERE status = 'booked' AND start_at < $2 AND busy_until > $1 AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [iso(span.start), iso(span.end), except ?? null],
  );
  return rows.map((row) => ({ start: row.start_at.getTime(), end: row.busy_until.getTime() }));
}

export interface AgendaVisit extends Visit {
  name: string;
  phone: string;
  email: string;
  reference: string | null;
}

/** Booked visits starting in `span`, earliest first, with their lead's name and phone. */
export async function bookedVisitsIn(span: Span, client: Queryable = database()): Promise<AgendaVisit[]> {
  const { rows } = await client.query<
    VisitRow & {
      first_name: string;
      last_name: string;
      phone: string;
      email: string;
      reference: string | null;
    }
  >(
    `SELECT ${VISIT_COLUMNS.split(",")
      .map((column) => `v.${column.trim()}`)
      .join(", ")}, l.first_name, l.last_name, l.phone, l.email, l.reference
       FROM visits v JOIN leads l ON l.id = v.lead_id
      WHERE v.status = 'booked' AND v.start_at >= $1 AND v.start_at < $2
      ORDER BY v.start_at, v.id LIMIT 500`,
    [iso(span.start), iso(span.end)],
  );
  return rows.map((row) => ({
    ...visitOf(row),
    name: `${row.first_name} ${row.last_name}`.trim(),
    phone: row.phone,
    email: row.email,
    reference: row.reference,
  }));
}

// ---------------------------------------------------------------------------------------------
// Blocks

export interface VisitBlock {
  id: string;
  start: number;
  end: number;
  reason: string | null;
}

export async function blocksOverlapping(client: Queryable, span: Span): Promise<VisitBlock[]> {
  const { rows } = await client.query<{ id: string; start_at: Date; end_at: Date; reason: string | null }>(
    `SELECT id, start_at, end_at, reason FROM visit_blocks WHERE end_at > $1 AND start_at < $2
      ORDER BY start_at, id LIMIT 1000`,
    [iso(span.start), iso(span.end)],
  );
  return rows.map((row) => ({
    id: row.id,
    start: row.start_at.getTime(),
    end: row.end_at.getTime(),
    reason: row.reason,
  }));
}

export async function insertBlock(
  block: { start: number; end: number; reason: string | null },
  now: number,
): Promise<VisitBlock> {
  const id = randomUUID();
  await database().query(
    "INSERT INTO visit_blocks (id, start_at, end_at, reason, created_at) VALUES ($1, $2, $3, $4, $5)",
    [id, iso(block.start), iso(block.end), block.reason, iso(now)],
  );
  return { id, ...block };
}

export async function deleteBlock(id: string): Promise<boolean> {
  const { rowCount } = await database().query("DELETE FROM visit_blocks WHERE id = $1", [id]);
  return (rowCount ?? 0) > 0;
}

// ---------------------------------------------------------------------------------------------
// The lead

/**
 * Marks the lead: a `new` lead becomes `contacted` (dated), a dated note is added (the newest
 * `maxNotes` kept) and the row's version raised, so the desk's ETag moves and an open copy of the
 * lead is reloaded rather than overwriting this.
 */
export async function noteOnLead(
  client: Queryable,
  leadId: string,
  text: string,
  now: number,
  maxNotes: number,
): Promise<void> {
  await client.query(
    `UPDATE leads SET
       status = CASE WHEN status = 'new' THEN 'contacted' ELSE status END,
       status_changed_at = CASE WHEN status = 'new' THEN $2::timestamptz ELSE status_changed_at END,
       notes = (SELECT COALESCE(jsonb_agg(t.note ORDER BY t.n), '[]'::jsonb)
                  FROM jsonb_array_elements(leads.notes || jsonb_build_array(jsonb_build_object('at', $3::text, 'text', $4::text)))
                       WITH ORDINALITY AS t(note, n)
                 WHERE t.n > jsonb_array_length(leads.notes) + 1 - $5::int),
       version = version + 1
     WHERE id = $1`,
    [leadId, iso(now), iso(now), text, maxNotes],
  );
}

/** The address of a lead's visit (the booked one, else the latest), for the guarantee; null: no visit. */
export async function visitAddressOfLead(
  client: Queryable,
  leadId: string,
): Promise<{ line1: string; town: string; postcode: string } | null> {
  const { rows } = await client.query<{ address_line1: string; town: string; postcode: string }>(
    `SELECT address_line1, town, postcode FROM visits WHERE lead_id = $1
      ORDER BY (status = 'booked') DESC, start_at DESC LIMIT 1`,
    [leadId],
  );
  const row = rows[0];
  return row ? { line1: row.address_line1, town: row.town, postcode: row.postcode } : null;
}
