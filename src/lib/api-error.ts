/**
 * A browser call to the site's API that failed: the answer's status (0 when no answer came), a
 * message for the visitor or owner, and the per-field messages of a refused form when the server
 * sent them (`fieldErrors` of the JSON error body). The one error type of every island; the server's
 * own is `HttpError` in netlify/lib/http/http-error.ts.
 *
 * Kept apart from ./api-client.ts and free of imports, so the quote form shares this class without
 * loading the admin screens' helpers. Shipped to the browser.
 */
export class ApiError extends Error {
  constructor(
    /** The answer's status; 0 for a network failure. */
    readonly status: number,
    message: string,
    /** `{ field: [messages] }` from a refused form, when the answer carried them. */
    readonly fieldErrors?: Readonly<Record<string, string[]>>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}
