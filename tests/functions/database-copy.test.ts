/**
 * What a copy of the database gives away (DESIGN §22, docs/security.md "Secrets" and "Customers'
 * links"), against a real PostgreSQL, Blobs server and SMTP server: after a visit invitation, a sent
 * written quote and a review request, every row of every table holds none of the links' tokens the
 * e-mails carry, nor the admin password, and no key that signs a session cookie without the
 * password; the links work. Links made before the tokens were hashed (a visit link of the old
 * HMAC scheme, a quote's and a review's plain token) keep working once the migration has run.
 */
import { createHash, createHmac } from "node:crypto";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, beforeEach, expect, test } from "vitest";
import scheduled from "../../netlify/functions/send-notifications.mts";
import { database } from "../../netlify/lib/database/database.ts";
import { deliverMailJobs } from "../../netlify/lib/mail/mail-jobs.ts";
import { proposalByToken } from "../../netlify/lib/proposals/proposal-records.ts";
import { applyMigrations, MIGRATIONS_DIR, migrationFiles } from "../../scripts/lib/migrations.ts";
import type { ProposalBody } from "../../src/lib/proposals/proposal-schema.ts";
import { TEST_ADMIN_PASSWORD, useAdminSession } from "./admin-session.ts";
import { callApi } from "./api-client.ts";
import { clearLimits, clearRecords, createDatabase, queryRecords, savedLead } from "./database.ts";
import { useSmtp } from "./smtp.ts";

const session = useAdminSession();
const smtp = useSmtp();
beforeEach(async () => {
  await clearRecords();
  await clearLimits();
});

const BODY: ProposalBody = {
  lines: [{ description: "Re-bed and point 12 m of ridge", quantity: 12, unitPrice: 4550, vatRate: 20 }],
  depositPercent: 10,
  notes: "Price assumes access from the front garden.",
  startWindow: "Within 3 weeks of accepting",
};

const admin = (method: string, path: string, body?: object) =>
  callApi(method, path, { cookie: session.cookie, body });

/** Sends every e-mail due until `count` have arrived. */
async function delivered(count: number) {
  for (let i = 0; i < 100 && smtp.messages.length < count; i++) {
    await deliverMailJobs();
    await scheduled();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return smtp.messages.map((m) => m.parsed.text ?? "");
}

/** Every row of every table of the database at `url`, as JSON text: what a copy of it holds. */
async function dumpOf(url = process.env.NETLIFY_DB_URL!): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    const parts: string[] = [];
    for (const { tablename } of tables) {
      const { rows } = await client.query<{ row: string }>(
        `SELECT to_jsonb(t)::text AS row FROM "${tablename}" t`,
      );
      parts.push(`${tablename}: ${rows.map((r) => r.row).join("\n")}`);
    }
    return parts.join("\n");
  } finally {
    await client.end();
  }
}

const one = (pattern: RegExp, texts: string[]) => {
  const found = texts.map((text) => pattern.exec(text)?.[1]).find(Boolean);
  expect(found, String(pattern)).toBeDefined();
  return found!;
};

const hmac = (key: Buffer | string, text: string) => createHmac("sha256", key).update(text).digest();

test("a copy of every table holds no link token from the e-mails, no password, and no key to sign a session cookie", async () => {
  const visitLead = await savedLead({ firstName: "Catriona", email: "catriona@example.co.uk" });
  const invited = await admin("POST", `/api/admin/contact-submissions/${visitLead.id}/visit-invitation`);
  expect(invited.status).toBe(201);
  const { url: deskVisitUrl } = (await invited.json()) as { url: string };

  const quoteLead = await savedLead({
    firstName: "Siobhán",
    email: "siobhan@example.co.uk",
    status: "contacted",
  });
  const draft = await (
    await admin("POST", `/api/admin/contact-submissions/${quoteLead.id}/proposals`, BODY)
  ).json();
  const sent = await (await admin("POST", `/api/admin/proposals/${draft.id}/send`)).json();
  expect(sent.status).toBe("sent");

  const reviewLead = await savedLead({ firstName: "Morag", email: "morag@example.co.uk", status: "won" });
  expect(
    (await admin("PATCH", `/api/admin/contact-submissions/${reviewLead.id}`, { status: "completed" })).status,
  ).toBe(200);

  const texts = await delivered(3);
  const visitToken = one(/\/visit\/([A-Za-z0-9_-]{43})/, texts);
  const quoteToken = one(/\/quote\/([A-Za-z0-9_-]{43})/, texts);
  const reviewToken = one(/review-emails\/stop\?lead=[0-9a-f-]{36}&token=([A-Za-z0-9_-]{24})/, texts);
  const tokens = [
    visitToken,
    quoteToken,
    reviewToken,
    deskVisitUrl.split("/").pop()!,
    String(sent.customerUrl).split("/").pop()!,
  ];

  const dump = await dumpOf();
  for (const token of tokens) expect(dump).not.toContain(token);
  expect(dump).not.toContain(TEST_ADMIN_PASSWORD);
  // The cookie's parts are nowhere either: the sessions table is keyed by an HMAC of its id.
  const cookie = session.cookie.split("=")[1]!;
  const [id, expiry, signature] = cookie.split(".") as [string, string, string];
  expect(dump).not.toContain(id);
  expect(dump).not.toContain(signature);

  // The session secret is the stored random one, not one derived from the password: a cookie
  // signed with the old derivation is refused, and the real signature needs the stored bytes.
  const [stored] = await queryRecords<{ value: Buffer }>(
    "SELECT value FROM site_secrets WHERE name = 'session'",
  );
  expect(stored!.value).toHaveLength(32);
  const derived = hmac(TEST_ADMIN_PASSWORD, "glenbrae-admin-session-secret");
  expect(stored!.value.equals(derived)).toBe(false);
  const keyOf = (secret: Buffer) => hmac(secret, `sessions\0${TEST_ADMIN_PASSWORD}`);
  const signed = (secret: Buffer) => hmac(keyOf(secret), `cookie\0${id}.${expiry}`).toString("base64url");
  expect(signed(stored!.value)).toBe(signature);
  const forged = `admin_session=${id}.${expiry}.${signed(derived)}`;
  expect((await callApi("GET", "/api/admin/session", { cookie: forged })).status).toBe(401);
  // What the copy keys with the session key is the HMAC of a random id it does not hold: no row
  // of it lets anyone test a password guess.
  const storeKey = hmac(keyOf(stored!.value), `store\0${id}`).toString("hex");
  expect(await queryRecords("SELECT 1 FROM admin_sessions WHERE key = $1", [storeKey])).toHaveLength(1);

  // The links of the e-mails and of the desk work.
  for (const token of [visitToken, tokens[3]!])
    expect((await callApi("GET", `/api/visits/${token}`)).status).toBe(200);
  for (const token of [quoteToken, tokens[4]!])
    expect((await callApi("GET", `/api/proposals/${token}`)).status).toBe(200);
  const stop = await callApi("GET", `/review-emails/stop?lead=${reviewLead.id}&token=${reviewToken}`);
  expect(await stop.text()).toContain("Stop review e-mails</button>");
});

let oldDatabase: Awaited<ReturnType<typeof createDatabase>> | undefined;
let folder: string | undefined;
let currentUrl: string | undefined;
afterEach(async () => {
  if (currentUrl) process.env.NETLIFY_DB_URL = currentUrl;
  await oldDatabase?.drop();
  if (folder) await rm(folder, { recursive: true, force: true });
  oldDatabase = undefined;
  folder = undefined;
});

test("links sent before the tokens were hashed keep working, and the copy no longer holds them", async () => {
  const hashing = "20261127121000_link_tokens.sql";
  oldDatabase = await createDatabase();
  folder = await mkdtemp(join(tmpdir(), "link-tokens-"));
  const files = migrationFiles(MIGRATIONS_DIR);
  for (const name of files.filter((file) => file < hashing))
    await copyFile(join(MIGRATIONS_DIR, name), join(folder, name));
  await applyMigrations(oldDatabase.url, folder);

  const leadId = crypto.randomUUID();
  const invitationId = crypto.randomUUID();
  const proposalId = crypto.randomUUID();
  const reviewToken = "R".repeat(13) + "eview-token";
  const quoteToken = "Q".repeat(30) + "uote-token-00";
  // A visit link of the old scheme: an HMAC of a nonce under a key derived from the password.
  const nonce = "n".repeat(22);
  const oldKey = hmac(TEST_ADMIN_PASSWORD, "glenbrae-admin-session-secret");
  const visitToken = hmac(oldKey, `visit-link\0${nonce}`).toString("base64url");
  const sha = (text: string) => createHash("sha256").update(text).digest("hex");
  const old = new pg.Client({ connectionString: oldDatabase.url });
  await old.connect();
  try {
    const now = new Date().toISOString();
    await old.query(
      `INSERT INTO leads (id, created_at, first_name, last_name, email, phone, service, message, status,
         completed_at, source_label, search_text, review_token)
       VALUES ($1, $2, 'Ailsa', 'Grant', 'ailsa@example.co.uk', '07700 900123', 'Roof repair', 'Slates off',
         'completed', $2, 'Direct', 'ailsa', $3)`,
      [leadId, now, reviewToken],
    );
    await old.query(
      `INSERT INTO visit_invitations (id, lead_id, token_hash, token_nonce, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'invited', $5, $5)`,
      [invitationId, leadId, sha(visitToken), nonce, now],
    );
    await old.query(
      `INSERT INTO proposals (id, lead_id, version, status, lines, deposit_percent, created_at, updated_at,
         number, token, document, document_hash, sent_at, valid_until)
       VALUES ($1, $2, 1, 'sent', $3, 0, $4, $4, 'Q-ABCDEF-1', $5, '{}', $6, $4, $7)`,
      [
        proposalId,
        leadId,
        JSON.stringify(BODY.lines),
        now,
        quoteToken,
        sha("document"),
        new Date(Date.now() + 30 * 86_400_000).toISOString(),
      ],
    );
  } finally {
    await old.end();
  }
  for (const name of files.filter((file) => file >= hashing))
    await copyFile(join(MIGRATIONS_DIR, name), join(folder, name));
  await applyMigrations(oldDatabase.url, folder);

  const dump = await dumpOf(oldDatabase.url);
  for (const token of [visitToken, quoteToken, reviewToken, nonce]) expect(dump).not.toContain(token);

  currentUrl = process.env.NETLIFY_DB_URL;
  process.env.NETLIFY_DB_URL = oldDatabase.url;
  try {
    const page = await callApi("GET", `/api/visits/${visitToken}`, { ip: "192.0.2.90" });
    expect(page.status).toBe(200);
    expect((await page.json()).status).toBe("invited");
    expect((await proposalByToken(quoteToken))?.id).toBe(proposalId);
    const stop = await callApi("GET", `/review-emails/stop?lead=${leadId}&token=${reviewToken}`, {
      ip: "192.0.2.91",
    });
    expect(await stop.text()).toContain("Stop review e-mails</button>");
  } finally {
    process.env.NETLIFY_DB_URL = currentUrl;
    await database().query("SELECT 1");
  }
});
