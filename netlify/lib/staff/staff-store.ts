/**
 * The people of the desk (docs/staff.md): `staff_users`, their invitations and passkeys, and the
 * WebAuthn challenges between a passkey's options and its answer. Tokens and challenges are random
 * 256-bit values; an invitation is kept as the SHA-256 of its token, so no row is a usable link.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { database, transaction } from "../database/database.ts";
import { HttpError } from "../http/http-error.ts";
import { iso } from "../http/iso-time.ts";
import { isUuid } from "../http/uuid.ts";
import type { DeskPerson, Role } from "../../../src/lib/admin/people.ts";

/** An invitation's link works once, for this long. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A passkey's options are answered within this, or asked again. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Everyone who may use the desk, the owner first, then by name. */
export async function listUsers(): Promise<DeskPerson[]> {
  const { rows } = await database().query<{
    id: string;
    name: string;
    email: string | null;
    role: Role;
    created_at: Date;
    passkeys: string;
  }>(
    `SELECT u.id, u.name, u.email, u.role, u.created_at,
            (SELECT count(*) FROM staff_passkeys p WHERE p.user_id = u.id) AS passkeys
       FROM staff_users u WHERE u.removed_at IS NULL
      ORDER BY u.role = 'owner' DESC, lower(u.name), u.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: row.created_at.toISOString(),
    passkeys: Number(row.passkeys),
  }));
}

/**
 * Adds a person and their invitation; returns the person and the invitation's token (for the
 * e-mail only). 409 when someone with that address is already in the desk.
 */
export async function addUser(
  person: { name: string; email: string; role: Exclude<Role, "owner"> },
  now = Date.now(),
): Promise<{ user: DeskPerson; token: string }> {
  const id = randomUUID();
  const token = randomBytes(32).toString("base64url");
  await transaction(async (db) => {
    const { rowCount } = await db.query(
      `INSERT INTO staff_users (id, name, email, role, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (lower(email)) WHERE removed_at IS NULL DO NOTHING`,
      [id, person.name, person.email, person.role, iso(now)],
    );
    if (!rowCount) throw new HttpError(409, "Someone with this e-mail address is already in the desk");
    await db.query(
      "INSERT INTO staff_invitations (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
      [tokenHash(token), id, iso(now), iso(now + INVITATION_TTL_MS)],
    );
  });
  return {
    user: { id, name: person.name, email: person.email, role: person.role, createdAt: iso(now), passkeys: 0 },
    token,
  };
}

/**
 * A new invitation for a person not yet signed in with a passkey (the first expired, or its e-mail
 * never came): their unused invitations go, so only the newest link works. Null when there is no
 * such person, or it is the owner.
 */
export async function renewInvitation(
  id: string,
  now = Date.now(),
): Promise<{ user: { name: string; email: string | null }; token: string } | null> {
  if (!isUuid(id)) return null;
  const token = randomBytes(32).toString("base64url");
  return transaction(async (db) => {
    const { rows } = await db.query<{ name: string; email: string | null }>(
      "SELECT name, email FROM staff_users WHERE id = $1 AND role <> 'owner' AND removed_at IS NULL FOR UPDATE",
      [id],
    );
    if (!rows[0]) return null;
    await db.query("DELETE FROM staff_invitations WHERE user_id = $1 AND used_at IS NULL", [id]);
    await db.query(
      "INSERT INTO staff_invitations (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
      [tokenHash(token), id, iso(now), iso(now + INVITATION_TTL_MS)],
    );
    return { user: rows[0], token };
  });
}

/**
 * Removes a person: their row stays for the activity log, marked removed; their sessions, passkeys
 * and invitations go at once. False when there is no such person (or it is the owner).
 */
export async function removeUser(id: string, now = Date.now()): Promise<boolean> {
  if (!isUuid(id)) return false;
  return transaction(async (db) => {
    const { rowCount } = await db.query(
      "UPDATE staff_users SET removed_at = $2 WHERE id = $1 AND role <> 'owner' AND removed_at IS NULL",
      [id, iso(now)],
    );
    if (!rowCount) return false;
    await db.query("DELETE FROM admin_sessions WHERE user_id = $1", [id]);
    await db.query("DELETE FROM staff_passkeys WHERE user_id = $1", [id]);
    await db.query("DELETE FROM staff_invitations WHERE user_id = $1", [id]);
    return true;
  });
}

/** The person an unused, unexpired invitation is for; null otherwise. */
export async function invitedUser(
  token: string,
  now = Date.now(),
): Promise<{ id: string; name: string } | null> {
  const { rows } = await database().query<{ id: string; name: string }>(
    `SELECT u.id, u.name FROM staff_invitations i JOIN staff_users u ON u.id = i.user_id AND u.removed_at IS NULL
      WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > $2`,
    [tokenHash(token), iso(now)],
  );
  return rows[0] ?? null;
}

/** Stores a challenge the library made for `purpose`, until answered or expired. */
export async function saveChallenge(
  challenge: string,
  purpose: "register" | "sign-in" | "verify",
  userId: string | null,
  now = Date.now(),
): Promise<void> {
  // Expired challenges go with each new one: one indexed statement.
  await database().query("DELETE FROM webauthn_challenges WHERE expires_at <= $1", [iso(now)]);
  await database().query(
    "INSERT INTO webauthn_challenges (challenge, purpose, user_id, expires_at) VALUES ($1, $2, $3, $4)",
    [challenge, purpose, userId, iso(now + CHALLENGE_TTL_MS)],
  );
}

/**
 * Takes a challenge (single use): its person when it was issued for `purpose` and has not expired;
 * undefined when there is no such challenge.
 */
export async function takeChallenge(
  challenge: string,
  purpose: "register" | "sign-in" | "verify",
  now = Date.now(),
): Promise<{ userId: string | null } | undefined> {
  const { rows } = await database().query<{ user_id: string | null }>(
    "DELETE FROM webauthn_challenges WHERE challenge = $1 AND purpose = $2 AND expires_at > $3 RETURNING user_id",
    [challenge, purpose, iso(now)],
  );
  return rows[0] ? { userId: rows[0].user_id } : undefined;
}

export interface StoredPasskey {
  credentialId: string;
  userId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

/** The credential ids of a person's passkeys (so a phone does not make a second one). */
export async function passkeyIdsOf(userId: string): Promise<{ id: string; transports: string[] }[]> {
  const { rows } = await database().query<{ credential_id: string; transports: string[] }>(
    "SELECT credential_id, transports FROM staff_passkeys WHERE user_id = $1",
    [userId],
  );
  return rows.map((row) => ({ id: row.credential_id, transports: row.transports }));
}

export async function findPasskey(credentialId: string): Promise<StoredPasskey | null> {
  const { rows } = await database().query<{
    credential_id: string;
    user_id: string;
    public_key: Buffer;
    counter: string;
    transports: string[];
  }>(
    `SELECT p.credential_id, p.user_id, p.public_key, p.counter, p.transports
       FROM staff_passkeys p JOIN staff_users u ON u.id = p.user_id AND u.removed_at IS NULL
      WHERE p.credential_id = $1`,
    [credentialId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    credentialId: row.credential_id,
    userId: row.user_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: row.transports,
  };
}

/**
 * Stores a new passkey; with `invitation`, uses that invitation up in the same transaction (a
 * second use of the link finds it used and stores nothing: 410).
 */
export async function savePasskey(
  passkey: StoredPasskey & { label: string },
  invitation: string | null,
  now = Date.now(),
): Promise<void> {
  await transaction(async (db) => {
    if (invitation !== null) {
      const { rowCount } = await db.query(
        `UPDATE staff_invitations SET used_at = $3
          WHERE token_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > $3`,
        [tokenHash(invitation), passkey.userId, iso(now)],
      );
      if (!rowCount) throw new HttpError(410, "This invitation has been used or has expired");
    }
    await db.query(
      `INSERT INTO staff_passkeys (credential_id, user_id, public_key, counter, transports, label, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        passkey.credentialId,
        passkey.userId,
        Buffer.from(passkey.publicKey),
        passkey.counter,
        passkey.transports,
        passkey.label,
        iso(now),
      ],
    );
  });
}

/**
 * Records a passkey's use with its new counter. False when the counter did not move on from the one
 * stored (a copied authenticator); an authenticator that keeps no counter (0 both times) passes.
 */
export async function usePasskey(credentialId: string, counter: number, now = Date.now()): Promise<boolean> {
  const { rowCount } = await database().query(
    `UPDATE staff_passkeys SET counter = $2, last_used_at = $3
      WHERE credential_id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0))`,
    [credentialId, counter, iso(now)],
  );
  return rowCount === 1;
}
