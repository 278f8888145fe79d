/** Request helpers for the gallery admin functions. */
import type { z } from "zod";
import { errorResponse } from "./http.ts";
import { fieldErrorsOf } from "../../src/lib/gallery-schema.ts";

/** Parses a JSON body with `schema`; a Response (400) when the body is not JSON or not valid. */
export async function parseJsonBody<S extends z.ZodType>(
  req: Request,
  schema: S,
): Promise<{ data: z.infer<S> } | { response: Response }> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return { response: errorResponse(400, "The request body must be JSON") };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return {
      response: errorResponse(400, "Invalid gallery data", { fieldErrors: fieldErrorsOf(parsed.error) }),
    };
  }
  return { data: parsed.data };
}

export const NO_STORE = { "Cache-Control": "no-store" } as const;
