/**
 * A database of the test file's own on the run's PostgreSQL (tests/setup/database.ts): a copy of
 * the migrated template, pointed at through NETLIFY_DB_URL as the platform does for a function.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { closeDatabase } from "../../netlify/lib/database/database.ts";
import { insertQuote, updateQuote, type QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { newReference } from "../../netlify/lib/quote/reference.ts";
import { LEFT_OUT_TABLES } from "../../scripts/lib/backup-scope.ts";
import { databaseUrl, ensureDatabase, LOCAL_DATABASE_NAME } from "../../scripts/lib/local-database.ts";

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_SERVER_URL;
  if (!url) throw new Error("No test PostgreSQL: vitest.config.ts runs tests/setup/database.ts first");
  return url;
}

/**
 * Creates a database of the caller's own on the run's PostgreSQL: a copy of `template`, or empty
 * without one; `drop()` removes it.
 */
export async function createDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const server = serverUrl();
  // Several files copy the template at once; Postgres refuses a copy while another is reading it.
  for (let attempt = 0; ; attempt++) {
    try {
      await ensureDatabase(server, name, template);
      break;
    } catch (error) {
      if (attempt > 40 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
    }
  }
  return {
    url: databaseUrl(server, name),
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl(server, "postgres") });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Creates this file's database and points NETLIFY_DB_URL at it; `stop()` closes and drops it. */
export async function startDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  const database = await createDatabase(LOCAL_DATABASE_NAME);
  process.env.NETLIFY_DB_URL = database.url;
  return {
    url: database.url,
    async stop() {
      await closeDatabase();
      await database.drop();
    },
  };
}

/**
 * Empties every table of the owner's records (between tests of one file). Sessions, counts and
 * unfinished uploads (the tables backups leave out) stay unless `everything`: a test signed in
 * once stays signed in. The people of the desk go but the owner, whose row every password session
 * belongs to (truncating it would end his sessions with it); with `everything` his row goes too,
 * and his next sign-in makes it again.
 */
export async function clearRecords({ everything = false } = {}): Promise<void> {
  const url = process.env.NETLIFY_DB_URL;
  if (!url) throw new Error("No database: call startBlobs() or startDatabase() first");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const kept = everything ? [] : [...Object.keys(LEFT_OUT_TABLES), "staff_users"];
    const { rows } = await client.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables
        WHERE schemaname = 'public' AND tablename <> 'local_migrations' AND NOT tablename = ANY($1)`,
      [kept],
    );
    await client.query(
      `TRUNCATE ${rows.map((row) => `"${row.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`,
    );
    if (!everything) await client.query("DELETE FROM staff_users WHERE role <> 'owner'");
  } finally {
    await client.end();
  }
}

/** Runs one query on this file's database (tests that look at rows directly). */
/**
 * Runs one statement as though time had passed: the ledger's triggers, which refuse to change an
 * issued invoice's dates or to delete a payment younger than six years, are off for this one
 * connection (`session_replication_role`), as a test dates records back. Foreign keys are not
 * checked either: use it for dates only.
 */
export async function datedBack(text: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.NETLIFY_DB_URL });
  await client.connect();
  try {
    await client.query("SET session_replication_role = replica");
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

export async function queryRecords<Row = Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: process.env.NETLIFY_DB_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/**
 * Stores a record as given (a lead from the past, a quote stored before the desk existed): inserted
 * when new, else every field replaced under the row's lock, as a change by the code would.
 */
export async function saveQuote(record: QuoteRecord): Promise<void> {
  const { inserted } = await insertQuote(record);
  if (!inserted) await updateQuote(record.id, () => ({ next: record, result: undefined }));
}

/**
 * Stores a lead as the lead desk keeps it, made now: Catriona Ferguson's loose ridge tiles, status
 * `new`, unless `overrides` say otherwise.
 */
export async function savedLead(overrides: Partial<QuoteRecord> = {}): Promise<QuoteRecord> {
  const record: QuoteRecord = {
    id: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    reference: newReference(),
    firstName: "Catriona",
    lastName: "Ferguson",
    email: "catriona@example.co.uk",
    phone: "07700 900432",
    serviceRequired: "roof-repairs",
    message: "Ridge tiles loose.",
    attachments: [],
    status: "new",
    ...overrides,
  };
  await saveQuote(record);
  return record;
}

/**
 * A lead the owner has been in touch with, ready for a written quote: Siobhán Wiśniewska, status
 * `contacted` (savedLead with her name), unless `overrides` say otherwise.
 */
export const contactedLead = (overrides: Partial<QuoteRecord> = {}): Promise<QuoteRecord> =>
  savedLead({
    firstName: "Siobhán",
    lastName: "Wiśniewska",
    email: "siobhan@example.co.uk",
    status: "contacted",
    ...overrides,
  });

/** Dates a lead's failed e-mails as failed at `at` ("Waiting for you" lists them for 7 days from then). */
export async function markFailedMail(leadId: string, at: number): Promise<void> {
  await queryRecords("UPDATE mail_jobs SET failed_at = $2 WHERE lead_id = $1 AND status = 'failed'", [
    leadId,
    new Date(at).toISOString(),
  ]);
}

/** The charges of one ledger of the abuse limits (table `limit_charges`), oldest first. */
export async function ledgerCharges(rule: string, subject: string): Promise<{ at: Date; amount: number }[]> {
  const rows = await queryRecords<{ at: Date; amount: string }>(
    "SELECT at, amount FROM limit_charges WHERE rule = $1 AND subject = $2 ORDER BY at, id",
    [rule, subject],
  );
  return rows.map((row) => ({ at: row.at, amount: Number(row.amount) }));
}

/** Forgets every count of the abuse limits and the owner's e-mail hours (between tests of one file). */
export async function clearLimits(): Promise<void> {
  await queryRecords("TRUNCATE limit_charges, owner_mail_hours");
}
