/**
 * How the back end refuses: lib code throws an HttpError (or a subclass) and every handler ends in
 * one `toErrorResponse`, which turns it into the project's JSON error body. Nothing below a handler
 * returns a ready Response, null or an error value to mean "refused"; a store read may still answer
 * null for "not there", and its caller decides whether that is a refusal.
 */
import { errorResponse } from "./responses.ts";

/** A refusal with a status and a message for the caller; logic throws it, handlers turn it into JSON. */
export class HttpError extends Error {
  readonly status: number;
  readonly fieldErrors?: Record<string, string[]>;
  readonly headers?: HeadersInit;

  // Plain fields, not parameter properties: scripts load this file with Node's type stripping.
  constructor(
    status: number,
    message: string,
    fieldErrors?: Record<string, string[]>,
    headers?: HeadersInit,
  ) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.headers = headers;
  }

  toResponse(): Response {
    return errorResponse(this.status, this.message, { fieldErrors: this.fieldErrors, headers: this.headers });
  }
}

/** 404: the thing the request names does not exist (or the path names nothing). */
export class NotFoundError extends HttpError {
  constructor(message = "Not found") {
    super(404, message);
  }
}

/** 409: the request clashes with the current state, or the state kept changing under the writer. */
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/** 401: the request needs a valid admin session and has none. */
export class UnauthorizedError extends HttpError {
  constructor(message = "Authentication required") {
    super(401, message);
  }
}

/** 405 with `Allow`: the route exists, the method is not one it answers. */
export class MethodNotAllowedError extends HttpError {
  constructor(allowed: readonly string[]) {
    super(405, "Method not allowed", undefined, { Allow: allowed.join(", ") });
  }
}

/**
 * The method guard of a public handler: throws MethodNotAllowedError unless `req.method` is one of
 * `methods`. `Allow` lists them without HEAD, which a GET route answers as well.
 */
export function requireMethod(req: Request, methods: readonly string[]): void {
  if (!methods.includes(req.method)) throw new MethodNotAllowedError(methods.filter((m) => m !== "HEAD"));
}

/**
 * Postgres and socket codes of a database that cannot be reached, is shutting down, or did not
 * answer in time (57014: a statement past `statement_timeout`; 25P03: a transaction left idle past
 * `idle_in_transaction_session_timeout`; 55P03: a row lock still held past `lock_timeout` after the
 * transaction's last try; netlify/lib/database/database.ts).
 */
const DATABASE_OUTAGE_CODES = new Set([
  "55P03",
  "57P01",
  "57P02",
  "57P03",
  "57014",
  "25P03",
  "53300",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
]);

/**
 * The messages of pg's own errors, which carry no code: a connection lost or timed out while
 * connecting ("Connection terminated…", "timeout expired", "timeout exceeded when trying to
 * connect") and a query the server never answered ("Query read timeout").
 */
const DATABASE_CLIENT_FAILURE =
  /^(Connection terminated|Query read timeout$|timeout expired$|timeout exceeded when trying to connect$)/;

/**
 * Netlify Blobs or the database could not be reached: a network failure, a server error after the
 * Blobs client's own retries, a refused, dropped or timed-out database connection, a database that
 * did not answer in time. Such a failure passes; the caller is told to try again (503) rather than
 * that we broke.
 */
export function isStorageOutage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    (error instanceof TypeError && error.message === "fetch failed") ||
    (error instanceof Error && error.name === "BlobsInternalError") ||
    (typeof code === "string" && (code.startsWith("08") || DATABASE_OUTAGE_CODES.has(code))) ||
    (error instanceof Error && DATABASE_CLIENT_FAILURE.test(error.message))
  );
}

export const STORAGE_OUTAGE_MESSAGE = "Our storage is unavailable for a moment. Please try again shortly.";

/**
 * Logs a failure that is not a refusal, by where it happened and what kind of error it was: the
 * error's class name and code, never its message, stack or any value, because messages can quote
 * stored data (a JSON parse error quotes the text it choked on) and so a visitor's personal data.
 */
export function logFailure(where: string, error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  if (isStorageOutage(error)) {
    // Which outage: a Postgres or socket code, else pg's own message, one of the fixed texts above.
    const clientFailure =
      error instanceof Error ? DATABASE_CLIENT_FAILURE.exec(error.message)?.[1] : undefined;
    const reason = typeof code === "string" ? code : clientFailure;
    console.error(`${where}: storage unavailable${reason ? ` (${reason})` : ""}`);
    return;
  }
  const kind = error instanceof Error ? error.name : typeof error;
  console.error(`${where}: unexpected failure (${kind}${typeof code === "string" ? ` ${code}` : ""})`);
}

/**
 * The one error response: an HttpError answers as itself; a storage outage 503 with Retry-After;
 * anything else is a server fault, logged by logFailure, and answers 500 without detail.
 */
export function toErrorResponse(error: unknown, where: string): Response {
  if (error instanceof HttpError) return error.toResponse();
  logFailure(where, error);
  if (isStorageOutage(error)) {
    return errorResponse(503, STORAGE_OUTAGE_MESSAGE, { headers: { "Retry-After": "5" } });
  }
  return errorResponse(500, "Something went wrong on our side. Please try again.");
}
