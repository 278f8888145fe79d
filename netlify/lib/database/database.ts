/**
 * The one way into Netlify Database (docs/database.md). Every `*-records.ts` module queries through
 * here; nothing else imports `@netlify/database` or `pg`.
 *
 * The pool is created once per function instance, on first use, from the connection string the
 * platform gives the function (`NETLIFY_DB_URL`; locally `npm start` and the tests set it to their
 * own PostgreSQL). Every query is parameterised: values travel as `$1`, `$2`…, never in the text.
 */
import { getConnectionString, getDatabase } from "@netlify/database";
import { logFailure } from "../http/http-error.ts";

/** What a query answers: the rows, and how many a write touched. */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number | null;
}

/** A connection that can run queries: the pool, or one client inside a transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, values?: readonly unknown[]): Promise<QueryResult<Row>>;
}

interface PoolClient extends Queryable {
  release(error?: Error | boolean): void;
}

interface Pool extends Queryable {
  connect(): Promise<PoolClient>;
  end(): Promise<void>;
}

let pool: { url: string; pool: Pool } | null = null;

/**
 * The pool of this instance, made on first use and again only if the connection string changed
 * (as between test files). An idle connection the server drops is logged, never fatal.
 */
export function database(): Pool {
  const url = getConnectionString();
  if (pool?.url !== url) {
    const previous = pool?.pool;
    const created = getDatabase({ connectionString: url }).pool as unknown as Pool & {
      on(event: "error", listener: (error: Error) => void): void;
    };
    created.on("error", (error) => logFailure("Database connection", error));
    pool = { url, pool: created };
    previous?.end().catch(() => undefined);
  }
  return pool.pool;
}

/** Closes this instance's pool (scripts and tests, when they are done). */
export async function closeDatabase(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.pool.end();
}

/** Postgres error codes the code reacts to. */
export const UNIQUE_VIOLATION = "23505";
const SERIALIZATION_FAILURE = "40001";
const DEADLOCK_DETECTED = "40P01";

/** The constraint a unique violation names, or null for any other error. */
export function violatedUnique(error: unknown): string | null {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && typeof constraint === "string" ? constraint : null;
}

const retryable = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED;
};

/**
 * Runs `work` in one transaction: committed when it returns, rolled back when it throws (and the
 * error passed on). A deadlock or serialization failure runs it again, a few times.
 */
export async function transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await database().connect();
    let broken = false;
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      try {
        await client.query("ROLLBACK");
      } catch {
        broken = true;
      }
      if (attempt < 4 && retryable(error)) continue;
      throw error;
    } finally {
      client.release(broken);
    }
  }
}
