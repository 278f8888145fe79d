import type * as z from "zod/mini";
import { HttpError } from "./http-error.ts";
import { fieldErrorsOf } from "../../../src/lib/field-errors.ts";

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

export interface JsonBodyOptions {
  /** Refuse any Content-Type but application/json with 415. */
  requireJsonType?: boolean;
  /** The 400's message when the body is not UTF-8 JSON. */
  notJsonMessage?: string;
  /** The error for JSON that `schema` refuses; by default a 400 listing the schema's field errors. */
  invalid?: (error: z.core.$ZodError) => HttpError;
}

/**
 * The one way a function reads a JSON body: at most `maxBytes` (413 beyond, whatever Content-Length
 * claimed), UTF-8 JSON (else 400), checked against `schema` (else `options.invalid`, 400).
 */
export async function readJson<S extends z.ZodMiniType>(
  req: Request,
  schema: S,
  maxBytes: number,
  options: JsonBodyOptions = {},
): Promise<z.output<S>> {
  if (options.requireJsonType && !/^application\/json\s*(;|$)/i.test(req.headers.get("content-type") ?? "")) {
    throw new HttpError(415, "Content-Type must be application/json");
  }
  const bytes = await readBodyLimited(req, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, options.notJsonMessage ?? "Request body must be valid UTF-8 JSON");
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw options.invalid?.(parsed.error) ?? new HttpError(400, "Invalid request", fieldErrorsOf(parsed.error));
}

/** The longest query string a function reads; longer ones get 414. */
export const MAX_QUERY_LENGTH = 4096;

/**
 * The one way a function reads its query string: at most MAX_QUERY_LENGTH characters (414 beyond),
 * the first value of each parameter, checked against `schema`. A refusal is a 400 whose message is
 * the schema's first message (`invalid` may map it otherwise).
 */
export function readQuery<S extends z.ZodMiniType>(
  req: Request,
  schema: S,
  options: { invalid?: (error: z.core.$ZodError) => HttpError } = {},
): z.output<S> {
  const url = new URL(req.url);
  if (url.search.length > MAX_QUERY_LENGTH) throw new HttpError(414, "Query string too long");
  const values: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!(name in values)) values[name] = value;
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  throw (
    options.invalid?.(parsed.error) ?? new HttpError(400, parsed.error.issues[0]?.message ?? "Invalid query")
  );
}
