/**
 * The local migration runner (scripts/lib/migrations.ts) on a real PostgreSQL, with migration files
 * of the test's own in a temp folder: it records each file's SHA-256 as applied and refuses to go on
 * when an applied file was edited or removed since, applying nothing. And the project's migrations
 * that move rows, applied one after the other to rows written as the earlier schema held them.
 */
import { createHash } from "node:crypto";
import { copyFile, mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, beforeEach, expect, test } from "vitest";
import { applyMigrations, migrationFiles, MIGRATIONS_DIR } from "../../scripts/lib/migrations.ts";
import { createDatabase } from "./database.ts";

const FILES = {
  "0001_things.sql": "CREATE TABLE things (id integer PRIMARY KEY);\n",
  "0002_thing_names.sql": "ALTER TABLE things ADD COLUMN name text;\n",
};
/** A migration added after the others were applied: never applied while the runner refuses. */
const LATER = { name: "0003_thing_colours.sql", sql: "ALTER TABLE things ADD COLUMN colour text;\n" };

/** The migration that makes mail_jobs the one outbox. */
const ONE_OUTBOX = "20261128100000_one_outbox.sql";
/** The migration that pseudonymises the accounts of leads erased before. */
const ERASURE_RETENTION = "20261129120000_erasure_retention.sql";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let database: Awaited<ReturnType<typeof createDatabase>>;
let directory: string;

beforeEach(async () => {
  database = await createDatabase();
  directory = await mkdtemp(join(tmpdir(), "migrations-test-"));
  for (const [name, sql] of Object.entries(FILES)) await writeFile(join(directory, name), sql);
});

afterEach(async () => {
  await database.drop();
  await rm(directory, { recursive: true, force: true });
});

async function query<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

const recorded = () =>
  query<{ name: string; checksum: string | null }>(
    "SELECT name, checksum FROM local_migrations ORDER BY name",
  );
const columns = () =>
  query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'things' ORDER BY ordinal_position",
  ).then((rows) => rows.map((row) => row.column_name));

test("applies each file once, in order, with the SHA-256 of its bytes; unchanged, a second run applies nothing", async () => {
  expect(await applyMigrations(database.url, directory)).toEqual(Object.keys(FILES));
  expect(await recorded()).toEqual(
    Object.entries(FILES).map(([name, sql]) => ({ name, checksum: sha256(sql) })),
  );
  expect(await columns()).toEqual(["id", "name"]);

  expect(await applyMigrations(database.url, directory)).toEqual([]);
  await writeFile(join(directory, LATER.name), LATER.sql);
  expect(await applyMigrations(database.url, directory)).toEqual([LATER.name]);
  expect((await recorded()).at(-1)).toEqual({ name: LATER.name, checksum: sha256(LATER.sql) });
});

test.each([
  ["its SQL edited", "ALTER TABLE things ADD COLUMN name text NOT NULL DEFAULT '';\n"],
  ["only a line added at the end", `${FILES["0002_thing_names.sql"]}\n`],
])("an applied file with %s stops the runner, naming it, before anything is applied", async (_, edited) => {
  await applyMigrations(database.url, directory);
  await writeFile(join(directory, "0002_thing_names.sql"), edited);
  await writeFile(join(directory, LATER.name), LATER.sql);

  const refused = applyMigrations(database.url, directory);
  await expect(refused).rejects.toThrow(/changed since they were applied: 0002_thing_names\.sql\)/);
  await expect(refused).rejects.toThrow(/An applied migration is never edited .*add a new migration instead/);
  expect((await recorded()).map((row) => row.name)).toEqual(Object.keys(FILES));
  expect(await columns()).toEqual(["id", "name"]);
});

test("an applied file that is gone stops the runner, naming it", async () => {
  await applyMigrations(database.url, directory);
  await unlink(join(directory, "0001_things.sql"));

  await expect(applyMigrations(database.url, directory)).rejects.toThrow(
    /missing from .*: 0001_things\.sql\).*never edited or removed/,
  );
});

test("a database from before the checksums gets the column, and each row the checksum of its file as it is now, once", async () => {
  // The list as the runner kept it before: names only.
  await query(
    "CREATE TABLE local_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  for (const [name, sql] of Object.entries(FILES)) {
    await query(sql);
    await query("INSERT INTO local_migrations (name) VALUES ($1)", [name]);
  }

  expect(await applyMigrations(database.url, directory)).toEqual([]);
  expect(await recorded()).toEqual(
    Object.entries(FILES).map(([name, sql]) => ({ name, checksum: sha256(sql) })),
  );

  // From then on an edit is refused like any other.
  await writeFile(join(directory, "0001_things.sql"), "CREATE TABLE things (id bigint PRIMARY KEY);\n");
  await expect(applyMigrations(database.url, directory)).rejects.toThrow(/0001_things\.sql/);
});

/**
 * The project's own migrations up to the one before `migration`, applied to an empty database
 * from a folder of their own; `run` then adds `migration` to `project` and applies it.
 */
async function withMigrationsBefore(
  migration: string,
  run: (project: string) => Promise<void>,
): Promise<void> {
  const real = migrationFiles();
  const at = real.indexOf(migration);
  expect(at).toBeGreaterThan(0);
  const project = await mkdtemp(join(tmpdir(), "migrations-before-"));
  try {
    for (const name of real.slice(0, at)) await copyFile(join(MIGRATIONS_DIR, name), join(project, name));
    await applyMigrations(database.url, project);
    await run(project);
  } finally {
    await rm(project, { recursive: true, force: true });
  }
}

test("one outbox: the quote's e-mails move from lead_emails into mail_jobs with their history, and lead_emails goes", async () => {
  await withMigrationsBefore(ONE_OUTBOX, async (project) => {
    const [worked, batched, retrying] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const lead = (id: string, createdAt: string, completedAt: string | null) =>
      query(
        `INSERT INTO leads (id, created_at, completed_at, first_name, last_name, email, phone, service, message,
           source_label, search_text) VALUES ($1, $2, $3, 'Morag', 'Bain', 'morag@example.co.uk', '07700 900123',
           'roof-repairs', 'Slates', 'Direct', '')`,
        [id, createdAt, completedAt],
      );
    await lead(worked, "2026-11-10T14:00:00.000Z", "2026-11-20T09:00:00.000Z");
    await lead(batched, "2026-11-20T10:30:00.000Z", null);
    await lead(retrying, "2026-11-21T08:00:00.000Z", null);
    const email = (values: Record<string, unknown>) => {
      const columns = Object.keys(values);
      return query(
        `INSERT INTO lead_emails (${columns.join(", ")}) VALUES (${columns.map((_, n) => `$${n + 1}`).join(", ")})`,
        Object.values(values),
      );
    };
    const lease = crypto.randomUUID();
    await email({
      lead_id: worked,
      kind: "owner",
      status: "sent",
      attempts: 1,
      sent_at: "2026-11-10T14:00:04Z",
      give_up_at: "2026-11-11T14:00:00Z",
    });
    await email({
      lead_id: worked,
      kind: "receipt",
      status: "failed",
      attempts: 6,
      error: "550 mailbox unavailable",
      failed_at: "2026-11-10T20:00:00Z",
      give_up_at: "2026-11-11T14:00:00Z",
    });
    await email({
      lead_id: worked,
      kind: "review",
      status: "sent",
      attempts: 2,
      error: null,
      sent_at: "2026-11-20T09:05:00Z",
      give_up_at: "2026-11-21T09:00:00Z",
    });
    await email({
      lead_id: worked,
      kind: "reminder",
      status: "pending",
      attempts: 0,
      next_attempt_at: "2026-11-27T09:05:00Z",
      give_up_at: "2026-11-28T09:05:00Z",
    });
    await email({
      lead_id: batched,
      kind: "owner",
      status: "pending",
      attempts: 0,
      reason: "in the summary",
      summary_hour: "2026-11-20T10",
      give_up_at: "2026-11-21T10:30:00Z",
    });
    await email({
      lead_id: batched,
      kind: "receipt",
      status: "skipped",
      attempts: 0,
      reason: "a receipt went to this address today",
      give_up_at: "2026-11-21T10:30:00Z",
    });
    await email({
      lead_id: retrying,
      kind: "owner",
      status: "pending",
      attempts: 2,
      error: "The mail server did not answer in time",
      next_attempt_at: "2026-11-21T08:10:00Z",
      give_up_at: "2026-11-22T08:00:00Z",
      lease_id: lease,
      lease_until: "2026-11-21T08:12:00Z",
    });
    await email({
      lead_id: retrying,
      kind: "receipt",
      status: "cancelled",
      attempts: 0,
      error: "The customer stopped review e-mails",
      give_up_at: "2026-11-22T08:00:00Z",
    });
    // A mail job failed before the move: it is dated by its last due time.
    const job = crypto.randomUUID();
    await query(
      `INSERT INTO mail_jobs (id, lead_id, kind, status, attempts, due_at, give_up_at, error, created_at)
       VALUES ($1, $2, 'proposal-sent', 'failed', 3, '2026-11-21T08:30:00Z', '2026-11-22T08:00:00Z', '550 no', '2026-11-21T08:00:00Z')`,
      [job, retrying],
    );

    await copyFile(join(MIGRATIONS_DIR, ONE_OUTBOX), join(project, ONE_OUTBOX));
    expect(await applyMigrations(database.url, project)).toEqual([ONE_OUTBOX]);

    expect(await query("SELECT 1 FROM information_schema.tables WHERE table_name = 'lead_emails'")).toEqual(
      [],
    );
    const rows = await query<Record<string, unknown>>(
      `SELECT lead_id, kind, subject_id, status, attempts, due_at, give_up_at, lease_id, lease_until, sent_at, error,
              created_at, dedupe_key, reason, summary_hour, failed_at
         FROM mail_jobs WHERE kind <> 'proposal-sent' ORDER BY created_at, kind`,
    );
    const at = (text: string) => new Date(text);
    const moved = (leadId: string, kind: string, values: Record<string, unknown>) => ({
      lead_id: leadId,
      kind,
      subject_id: null,
      lease_id: null,
      lease_until: null,
      sent_at: null,
      error: null,
      dedupe_key: `lead-${kind}:${leadId}`,
      reason: null,
      summary_hour: null,
      failed_at: null,
      ...values,
    });
    expect(rows).toEqual([
      moved(worked, "owner", {
        status: "sent",
        attempts: 1,
        sent_at: at("2026-11-10T14:00:04Z"),
        due_at: at("2026-11-10T14:00:00Z"),
        give_up_at: at("2026-11-11T14:00:00Z"),
        created_at: at("2026-11-10T14:00:00Z"),
      }),
      moved(worked, "receipt", {
        status: "failed",
        attempts: 6,
        error: "550 mailbox unavailable",
        failed_at: at("2026-11-10T20:00:00Z"),
        due_at: at("2026-11-10T14:00:00Z"),
        give_up_at: at("2026-11-11T14:00:00Z"),
        created_at: at("2026-11-10T14:00:00Z"),
      }),
      // The review request was queued when the job was completed, its reminder when the request was sent.
      moved(worked, "review", {
        status: "sent",
        attempts: 2,
        sent_at: at("2026-11-20T09:05:00Z"),
        due_at: at("2026-11-20T09:00:00Z"),
        give_up_at: at("2026-11-21T09:00:00Z"),
        created_at: at("2026-11-20T09:00:00Z"),
      }),
      moved(worked, "reminder", {
        status: "pending",
        attempts: 0,
        due_at: at("2026-11-27T09:05:00Z"),
        give_up_at: at("2026-11-28T09:05:00Z"),
        created_at: at("2026-11-20T09:05:00Z"),
      }),
      moved(batched, "owner", {
        status: "pending",
        attempts: 0,
        reason: "in the summary",
        summary_hour: "2026-11-20T10",
        due_at: at("2026-11-20T10:30:00Z"),
        give_up_at: at("2026-11-21T10:30:00Z"),
        created_at: at("2026-11-20T10:30:00Z"),
      }),
      moved(batched, "receipt", {
        status: "skipped",
        attempts: 0,
        reason: "a receipt went to this address today",
        due_at: at("2026-11-20T10:30:00Z"),
        give_up_at: at("2026-11-21T10:30:00Z"),
        created_at: at("2026-11-20T10:30:00Z"),
      }),
      // A sender's lease moves with its e-mail: nobody else sends it until the lease runs out.
      moved(retrying, "owner", {
        status: "pending",
        attempts: 2,
        error: "The mail server did not answer in time",
        lease_id: lease,
        lease_until: at("2026-11-21T08:12:00Z"),
        due_at: at("2026-11-21T08:10:00Z"),
        give_up_at: at("2026-11-22T08:00:00Z"),
        created_at: at("2026-11-21T08:00:00Z"),
      }),
      moved(retrying, "receipt", {
        status: "cancelled",
        attempts: 0,
        error: "The customer stopped review e-mails",
        due_at: at("2026-11-21T08:00:00Z"),
        give_up_at: at("2026-11-22T08:00:00Z"),
        created_at: at("2026-11-21T08:00:00Z"),
      }),
    ]);
    expect(await query("SELECT failed_at FROM mail_jobs WHERE id = $1", [job])).toEqual([
      { failed_at: at("2026-11-21T08:30:00Z") },
    ]);
    // Still one e-mail of a kind per lead, and a failed one is dated.
    await expect(
      query(
        `INSERT INTO mail_jobs (id, lead_id, kind, status, due_at, give_up_at, created_at, dedupe_key)
         VALUES (gen_random_uuid(), $1, 'owner', 'pending', now(), now(), now(), $2)`,
        [worked, `lead-owner:${worked}`],
      ),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      query("UPDATE mail_jobs SET status = 'failed' WHERE lead_id = $1 AND kind = 'owner'", [batched]),
    ).rejects.toThrow(/check constraint/);
  });
});

test("erasure and retention: the accounts of leads erased before are pseudonymised, a kept lead's are not", async () => {
  await withMigrationsBefore(ERASURE_RETENTION, async (project) => {
    const [lead, proposal] = [crypto.randomUUID(), crypto.randomUUID()];
    await query(
      `INSERT INTO leads (id, created_at, first_name, last_name, email, phone, service, message, source_label, search_text)
       VALUES ($1, '2026-11-01T10:00:00Z', 'Morag', 'Bain', 'morag@example.co.uk', '07700 900123', 'roof-repairs',
               'Slates', 'Direct', '')`,
      [lead],
    );
    await query(
      `INSERT INTO proposals (id, lead_id, version, lines, deposit_percent, created_at, updated_at)
       VALUES ($1, $2, 1, '[{"description": "Slates", "quantity": 1, "unitPrice": 1000, "vatRate": 20}]', 0, now(), now())`,
      [proposal, lead],
    );
    const address = { line1: "7 Station Road", town: "Kippen", postcode: "FK8 3DN" };
    const document = { number: "", customer: { name: "Morag Bain", address }, lines: [{ net: 1000 }] };
    const job = async (sequence: number, proposalId: string | null) => {
      const number = `INV-00000${sequence}`;
      await query(
        `INSERT INTO invoices (number, sequence, proposal_id, proposal_number, issued_at, issued_on, due_on, customer_name,
           customer_address, document, net, vat, total)
         VALUES ($1, $2, $3, $4, now(), '2026-11-20', '2026-11-27', 'Morag Bain', $5, $6, 1000, 200, 1200)`,
        [number, sequence, proposalId, `Q-ABCD-EFG${sequence}-1`, address, { ...document, number }],
      );
      await query(
        `INSERT INTO payments (id, proposal_id, proposal_number, customer_name, amount, vat, method, received_on,
           recorded_at, receipt_number, invoice_number)
         VALUES ($1, $2, $3, 'Morag Bain', 1200, 200, 'bank', '2026-11-21', now(), $4, $5)`,
        [crypto.randomUUID(), proposalId, `Q-ABCD-EFG${sequence}-1`, `R-00000${sequence}`, number],
      );
      await query(
        `INSERT INTO refunds (id, proposal_id, proposal_number, customer_name, paid, start_early, cancelled_at, due_at,
           amount, confirmed_at, note, vat)
         VALUES ($1, $2, $3, 'Morag Bain', 1200, false, now(), now(), 1200, now(), 'Back to Morag Bain', 200)`,
        [crypto.randomUUID(), proposalId, `Q-ABCD-EFG${sequence}-1`],
      );
      await query(
        `INSERT INTO guarantees (number, proposal_id, proposal_number, invoice_number, customer_name, property_address,
           postcode, work, term_work, years, completed_on, valid_until, conditions, issued_at)
         VALUES ($1, $2, $3, $4, 'Morag Bain', $5, 'FK8 3DN', 'Slates', 'Repairs', 5, '2026-11-20', '2031-11-20', 'As agreed', now())`,
        [`G-AAAA-000${sequence}`, proposalId, `Q-ABCD-EFG${sequence}-1`, number, address],
      );
    };
    await job(1, null);
    await job(2, proposal);

    await copyFile(join(MIGRATIONS_DIR, ERASURE_RETENTION), join(project, ERASURE_RETENTION));
    expect(await applyMigrations(database.url, project)).toEqual([ERASURE_RETENTION]);

    const names = (table: string) =>
      query<{ customer_name: string }>(`SELECT customer_name FROM ${table} ORDER BY proposal_number`).then(
        (rows) => rows.map((row) => row.customer_name),
      );
    for (const table of ["invoices", "payments", "refunds", "guarantees"])
      expect(await names(table), table).toEqual(["Erased customer", "Morag Bain"]);
    const empty = { line1: "", town: "", postcode: "" };
    expect(await query("SELECT customer_address, document, total FROM invoices ORDER BY sequence")).toEqual([
      {
        customer_address: empty,
        document: {
          ...document,
          number: "INV-000001",
          customer: { name: "Erased customer", address: empty },
        },
        total: 1200,
      },
      { customer_address: address, document: { ...document, number: "INV-000002" }, total: 1200 },
    ]);
    expect(await query("SELECT note, amount FROM refunds ORDER BY proposal_number")).toEqual([
      { note: null, amount: 1200 },
      { note: "Back to Morag Bain", amount: 1200 },
    ]);
    expect(await query("SELECT property_address, postcode FROM guarantees ORDER BY number")).toEqual([
      { property_address: address, postcode: "FK8 3DN" },
      { property_address: address, postcode: "FK8 3DN" },
    ]);
    await query("INSERT INTO activity_log (at, event, count) VALUES (now(), 'retention-accounts', 3)");
  });
});
