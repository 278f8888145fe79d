import { HttpError } from "./http-error.ts";

/** Refuses a request whose declared length is over `max` before reading it (413). */
export function checkDeclaredLength(req: Request, max: number): void {
  const declared = req.headers.get("content-length");
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > max)) {
    throw new HttpError(413, `Request body too large: the limit is ${max} bytes`);
  }
}

/**
 * Reads the whole body, stopping with 413 as soon as it passes `max` bytes, whatever the
 * Content-Length header claimed.
 */
export async function readBodyLimited(req: Request, max: number): Promise<Uint8Array> {
  checkDeclaredLength(req, max);
  if (!req.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, `Request body too large: the limit is ${max} bytes`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Parses a small JSON body; anything but a JSON object is a 400. */
export async function readJsonObject(req: Request, max: number): Promise<Record<string, unknown>> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, "Content-Type must be application/json");
  }
  const bytes = await readBodyLimited(req, max);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, "Request body must be valid UTF-8 JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HttpError(400, "Request body must be a JSON object");
  }
  return value as Record<string, unknown>;
}
