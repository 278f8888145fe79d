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

/**
 * Netlify Blobs could not be reached: a network failure, or a server error after the client's own
 * retries. Such a failure passes; the caller is told to try again (503) rather than that we broke.
 */
export function isStorageOutage(error: unknown): boolean {
  return (
    (error instanceof TypeError && error.message === "fetch failed") ||
    (error instanceof Error && error.name === "BlobsInternalError")
  );
}

export const STORAGE_OUTAGE_MESSAGE = "Our storage is unavailable for a moment. Please try again shortly.";

/**
 * Maps an HttpError to its response; a storage outage to 503 with Retry-After; anything else is a
 * server fault and answers 500 without detail.
 */
export function toErrorResponse(error: unknown, where: string): Response {
  if (error instanceof HttpError) return error.toResponse();
  if (isStorageOutage(error)) {
    console.error(`${where}: storage unavailable`);
    return errorResponse(503, STORAGE_OUTAGE_MESSAGE, { headers: { "Retry-After": "5" } });
  }
  console.error(`${where}: unexpected failure`, error instanceof Error ? error.message : "unknown error");
  return errorResponse(500, "Something went wrong on our side. Please try again.");
}
