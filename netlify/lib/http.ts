/** Response helpers shared by every function: JSON bodies with the project's error shape. */

const BASE_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "X-Content-Type-Options": "nosniff",
} as const;

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(BASE_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** `{ error, fieldErrors? }` as DESIGN.md §3 prescribes. */
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
