import { errorResponse } from "./http.ts";

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

/** Maps an HttpError to its response; anything else is a server fault and answers 500 without detail. */
export function toErrorResponse(error: unknown, where: string): Response {
  if (error instanceof HttpError) return error.toResponse();
  console.error(`${where}: unexpected failure`, error instanceof Error ? error.message : "unknown error");
  return errorResponse(500, "Something went wrong on our side. Please try again.");
}
