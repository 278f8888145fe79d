/** Response helpers shared by every function: JSON bodies with the project's error shape. */
import { API_CONTENT_SECURITY_POLICY, COMMON_SECURITY_HEADERS } from "../../../src/lib/security-headers.ts";

/**
 * Headers every function response carries unless the handler sets its own value. Deployed, the
 * CDN's _headers rules do not apply to function responses, so functions bring their own.
 * `no-store` keeps personal data (admin lists, attachments) out of shared caches; a public
 * endpoint that may be cached sets its own Cache-Control.
 */
export const FUNCTION_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_SECURITY_HEADERS,
  "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
  "Cache-Control": "no-store",
};

/** Adds FUNCTION_SECURITY_HEADERS to `init` without overriding any header the caller set. */
export function secureHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  for (const [name, value] of Object.entries(FUNCTION_SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return headers;
}

/** A JSON response; `Cache-Control: no-store` unless `init` sets its own (FUNCTION_SECURITY_HEADERS). */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = secureHeaders(init.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** 204 with the same headers as a JSON response. */
export function noContent(): Response {
  return new Response(null, { status: 204, headers: secureHeaders() });
}

/** `{ error, fieldErrors? }` as docs/http-contract.md prescribes. */
export function errorResponse(
  status: number,
  error: string,
  extra: { fieldErrors?: Record<string, string[]>; headers?: HeadersInit } = {},
): Response {
  const body = extra.fieldErrors ? { error, fieldErrors: extra.fieldErrors } : { error };
  return json(body, { status, headers: extra.headers });
}

export function methodNotAllowed(allowed: readonly string[]): Response {
  return errorResponse(405, "Method not allowed", { headers: { Allow: allowed.join(", ") } });
}
