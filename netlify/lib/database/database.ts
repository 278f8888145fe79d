/**
 * The one way into Netlify Database (docs/database.md). Every `*-records.ts` module queries through
 * here; nothing else imports `@netlify/database` or `pg`.
 *
 * The pool is created once per function instance, on first use, from the connection string the
 * platform gives the function (`NETLIFY_DB_URL`; locally `npm start` and the tests set it to their
 * own PostgreSQL). Every query is parameterised: values travel as `$1`, `$2`…, never in the text.
 * Every call is bounded: a database that does not answer fails the call within a few seconds, and
 * the one error response answers that with a 503 (netlify/lib/http/http-error.ts).
 */
import type { PoolConfig } from "pg";
import { isStorageOutage, logFailure } from "../http/http-error.ts";

/**
 * A connection takes tens of milliseconds, a compute waking up a few hundred: by 2 s it is lost.
 * Counted as `QUERY_TIMEOUT_MS` is, so time the process itself was busy does not count.
 */
export const CONNECT_TIMEOUT_MS = 2_000;
/**
 * pg's own wall-clock limit on a connection, behind CONNECT_TIMEOUT_MS: it closes a connection the
 * server never answered, whose caller has long heard 503, so it does not hold a place in the pool.
 */
const CONNECT_GIVE_UP_MS = 10_000;
/**
 * The server cancels a runaway statement after this (the desk's slowest takes 59 ms at 100,000
 * leads). Longer than the client's wait: a database that answers slowly under load is still
 * answering, and the client's own limit is what bounds a caller's wait.
 */
export const STATEMENT_TIMEOUT_MS = 10_000;
/**
 * A statement waiting this long for a row lock gives up, and its transaction starts again (as after a
 * deadlock): when many payments or completions arrive at once and take their gapless numbers in turn,
 * each wait stays short of the client's limit instead of adding up behind it.
 */
export const LOCK_TIMEOUT_MS = 2_000;
/**
 * A query unanswered this long makes the client ask the server, on a fresh connection, whether it
 * is there at all: a paused or cut-off server never answers (its own limits cannot help), so the
 * caller hears 503; a server that answers the probe is working, only slowly (waiting on its locks,
 * busy), and the query goes on under the server's own limits.
 */
export const QUERY_TIMEOUT_MS = 3_500;
/**
 * Connections one instance may hold. Deployed, an instance serves one request at a time; the
 * function tests call a handler many times at once in one process, and a call waiting for a free
 * connection counts against CONNECT_TIMEOUT_MS.
 */
export const POOL_SIZE = 25;
/** A stalled or stopped function's transaction frees its row locks; no gap between statements nears it. */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;

/** pg's names for the bounds it keeps itself. The wait for an answer is bounded here (`answered`). */
const BOUNDS = {
  max: POOL_SIZE,
  connectionTimeoutMillis: CONNECT_GIVE_UP_MS,
} satisfies PoolConfig;

/** How often a wait is counted (see `countWait`). */
const WAIT_TICK_MS = 250;
/**
 * How long a fresh connection may take to answer `SELECT 1` when a query has waited
 * QUERY_TIMEOUT_MS: together they stay under the 5 s in which a caller hears back.
 */
const PROBE_TIMEOUT_MS = 1_000;

/**
 * The server's own bounds, set for each transaction as it begins (one round trip with BEGIN), not
 * as start-up parameters of the connection: a transaction-mode connection pooler in front of the
 * database may refuse those, and a setting made on one pooled connection does not follow the next
 * statement to another.
 */
const BEGIN_BOUNDED =
  `BEGIN; SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}; SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}; ` +
  `SET LOCAL idle_in_transaction_session_timeout = ${IDLE_IN_TRANSACTION_TIMEOUT_MS}`;

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

type DriverPool = Pool & { on(event: "error", listener: (error: Error) => void): void };

/** As `@netlify/database` says it when the platform gave the function no database. */
export class MissingDatabaseConnectionError extends Error {
  constructor() {
    super(
      "The environment has not been configured to use Netlify Database (NETLIFY_DB_URL is not set). " +
        "See https://ntl.fyi/database-environment for details.",
    );
    this.name = "MissingDatabaseConnectionError";
  }
}

/** A variable as `@netlify/database` reads it: `Netlify.env` in a function, else the process's. */
function environment(name: string): string | undefined {
  const platform = (globalThis as { Netlify?: { env?: { get(name: string): string | undefined } } | null })
    .Netlify?.env;
  return platform ? platform.get(name) : process.env[name];
}

let bounded = true;

/**
 * The driver's pool. The server driver (the default) is pg's Pool, made here; `@netlify/database`,
 * which loads the serverless driver and its WebSocket client with it, is imported only when
 * `NETLIFY_DB_DRIVER` asks for that driver (docs/database.md, "The driver").
 */
async function openPool(url: string, driver: string | undefined): Promise<DriverPool> {
  const bounds = bounded ? BOUNDS : {};
  if (driver !== "serverless") {
    // pg and the Node modules it needs (net, tls, dns…) load with the first query, not with the
    // function: a call answered before it reaches the database (a refusal, a bad request) never pays.
    const { default: pg } = await import("pg");
    return new pg.Pool({ connectionString: url, ...bounds });
  }
  const { getDatabase } = await import("@netlify/database");
  const { pool } = getDatabase({ connectionString: url });
  // getDatabase takes nothing but the connection string; its pool (pg-pool's code) gives every
  // client it makes its `options`.
  Object.assign((pool as unknown as { options: object }).options, bounds);
  return pool;
}

/**
 * Counts how long this process has waited for something, calling `onLimit` once `limitMs` is
 * counted; `reset` starts the count again, `stop` ends it. Only time the process could have heard
 * back counts: a stretch in which it was busy (drawing a PDF, say) counts as one tick, or a timer
 * would give up on an answer that came while the process could not read it. Deployed, one request
 * runs in an instance; in the tests many share one busy process.
 */
function countWait(limitMs: number, onLimit: () => void): { reset(): void; stop(): void } {
  let waited = 0;
  let last = performance.now();
  let fired = false;
  const tick = setInterval(() => {
    const now = performance.now();
    waited += Math.min(now - last, 2 * WAIT_TICK_MS);
    last = now;
    if (waited < limitMs || fired) return;
    fired = true;
    onLimit();
  }, WAIT_TICK_MS);
  return {
    reset() {
      waited = 0;
      fired = false;
    },
    stop: () => clearInterval(tick),
  };
}

/** The pool of one connection string, opened on its first call; `database()` hands it out at once. */
class LazyPool implements Pool {
  readonly url: string;
  readonly #driver: string | undefined;
  #pool: Promise<DriverPool> | null = null;

  constructor(url: string, driver: string | undefined) {
    this.url = url;
    this.#driver = driver;
  }

  #open(): Promise<DriverPool> {
    this.#pool ??= openPool(this.url, this.#driver).then(
      (pool) => {
        pool.on("error", (error) => logFailure("Database connection", error));
        return pool;
      },
      (error: unknown) => {
        this.#pool = null;
        throw error;
      },
    );
    return this.#pool;
  }

  /** Whether the server answers `SELECT 1` on a fresh connection within PROBE_TIMEOUT_MS. */
  async #answers(): Promise<boolean> {
    const { default: pg } = await import("pg");
    const probe = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
    });
    try {
      await probe.connect();
      await probe.query("SELECT 1");
      return true;
    } catch {
      return false;
    } finally {
      probe.end().catch(() => undefined);
    }
  }

  /**
   * `query`, given up with the error the one error response answers 503 ("Query read timeout", as
   * pg says it) once it has waited QUERY_TIMEOUT_MS (counted by `countWait`) and the server does not
   * answer a probe. The query left behind ends with its connection (a transaction's client is
   * released as broken).
   */
  answered<T>(query: Promise<T>): Promise<T> {
    if (!bounded) return query;
    return new Promise<T>((resolve, reject) => {
      const wait = countWait(QUERY_TIMEOUT_MS, () => {
        void this.#answers().then((alive) => {
          if (alive) return wait.reset();
          wait.stop();
          reject(new Error("Query read timeout"));
        });
      });
      query.then(
        (result) => {
          wait.stop();
          resolve(result);
        },
        (error: unknown) => {
          wait.stop();
          reject(error instanceof Error ? error : new Error("Database query failed"));
        },
      );
    });
  }

  /**
   * A client from the pool, new or free, given up with pg's own words ("timeout exceeded when trying
   * to connect") once CONNECT_TIMEOUT_MS is counted by `countWait`. A client that comes after its
   * caller gave up goes back to the pool.
   */
  async #client(): Promise<PoolClient> {
    const connecting = (await this.#open()).connect();
    if (!bounded) return connecting;
    return new Promise<PoolClient>((resolve, reject) => {
      let gaveUp = false;
      const wait = countWait(CONNECT_TIMEOUT_MS, () => {
        gaveUp = true;
        wait.stop();
        reject(new Error("timeout exceeded when trying to connect"));
      });
      connecting.then(
        (client) => {
          wait.stop();
          if (gaveUp) client.release();
          else resolve(client);
        },
        (error: unknown) => {
          wait.stop();
          reject(error instanceof Error ? error : new Error("Connection terminated"));
        },
      );
    });
  }

  /** One statement on a client of its own (as pg's `pool.query`), which is closed if it stopped answering. */
  async query<Row = Record<string, unknown>>(
    text: string,
    values?: readonly unknown[],
  ): Promise<QueryResult<Row>> {
    const client = await this.#client();
    try {
      const result = await this.answered(client.query<Row>(text, values));
      client.release();
      return result;
    } catch (error) {
      client.release(isStorageOutage(error));
      throw error;
    }
  }

  async connect(): Promise<PoolClient> {
    const client = await this.#client();
    return {
      query: <Row = Record<string, unknown>>(text: string, values?: readonly unknown[]) =>
        this.answered(client.query<Row>(text, values)),
      release: (error?: Error | boolean) => client.release(error),
    };
  }

  async end(): Promise<void> {
    if (this.#pool) await (await this.#pool).end();
  }
}

let pool: LazyPool | null = null;

/**
 * The pool of this instance, made on first use and again only if the connection string changed
 * (as between test files). An idle connection the server drops is logged, never fatal.
 */
export function database(): Pool {
  const url = environment("NETLIFY_DB_URL");
  if (!url) throw new MissingDatabaseConnectionError();
  if (pool?.url !== url) {
    const previous = pool;
    pool = new LazyPool(url, environment("NETLIFY_DB_DRIVER"));
    previous?.end().catch(() => undefined);
  }
  return pool;
}

/** Closes this instance's pool (scripts and tests, when they are done). */
export async function closeDatabase(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.end();
}

/**
 * For the npm scripts that seed, copy or vacuum in bulk, whose statements outlast any visitor's
 * wait: the pools this process opens from now on have no time limits. Functions never call it.
 */
export function liftDatabaseBounds(): void {
  bounded = false;
  void closeDatabase().catch(() => undefined);
}

/**
 * Runs `statement` waiting for its row lock as long as the statement may run (STATEMENT_TIMEOUT_MS),
 * not LOCK_TIMEOUT_MS: for a row that is a queue by design, such as a gapless counter that every
 * invoice or receipt takes in turn. A transaction that gave up its place would start again at the
 * back of the line, and under a burst some would never reach the front. The transaction's own
 * `lock_timeout` applies again to the statements after it.
 */
export async function waitingInLine<Row>(
  client: Queryable,
  text: string,
  values: readonly unknown[],
): Promise<QueryResult<Row>> {
  const { rows } = await client.query<{ previous: string }>(
    "SELECT current_setting('lock_timeout') AS previous, set_config('lock_timeout', '0', true)",
  );
  const result = await client.query<Row>(text, values);
  await client.query("SELECT set_config('lock_timeout', $1, true)", [rows[0]!.previous]);
  return result;
}

/** Postgres error codes the code reacts to. */
export const UNIQUE_VIOLATION = "23505";
const SERIALIZATION_FAILURE = "40001";
const DEADLOCK_DETECTED = "40P01";
const LOCK_NOT_AVAILABLE = "55P03";
/** Tries of a transaction that met a deadlock, a serialization failure or a lock held too long. */
const TRANSACTION_TRIES = 6;

/** The constraint a unique violation names, or null for any other error. */
export function violatedUnique(error: unknown): string | null {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && typeof constraint === "string" ? constraint : null;
}

const retryable = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED || code === LOCK_NOT_AVAILABLE;
};

/**
 * Runs `work` in one transaction: committed when it returns, rolled back when it throws (and the
 * error passed on). A deadlock, a serialization failure or a row lock held past LOCK_TIMEOUT_MS runs it again, a few times.
 *
 * A connection that failed or stopped answering is asked nothing more: it is released as broken and
 * closed, and the server rolls back a transaction whose connection closed. A ROLLBACK sent on it
 * would wait a second time-out behind the query that never came back.
 */
export async function transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await database().connect();
    let broken = false;
    try {
      await client.query(bounded ? BEGIN_BOUNDED : "BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      // A lock given up is the server answering: its transaction is rolled back as any other.
      if (isStorageOutage(error) && !retryable(error)) broken = true;
      else {
        try {
          await client.query("ROLLBACK");
        } catch {
          broken = true;
        }
      }
      if (attempt < TRANSACTION_TRIES && retryable(error)) continue;
      throw error;
    } finally {
      client.release(broken);
    }
  }
}
