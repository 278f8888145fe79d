import type { Config, Context } from "@netlify/functions";
import * as z from "zod/mini";
import "../../src/lib/zod-locale.ts";
import { parseInstant } from "../../src/lib/visits/london-time.ts";
import { requireAdmin } from "../lib/admin/auth.ts";
import { MethodNotAllowedError, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { json, noContent } from "../lib/http/responses.ts";
import { addBlock, currentBlocks, removeBlock } from "../lib/visits/visit-desk.ts";

const instant = z
  .string()
  .check(z.refine((value) => parseInstant(value) !== null, "Must be a date and time with its offset"));
const BlockBody = z.strictObject({
  start: instant,
  end: instant,
  reason: z.optional(z.string().check(z.trim(), z.maxLength(200))),
});

/**
 * Days or times the owner cannot visit (docs/visits.md): GET the blocks not yet over, POST
 * `{ start, end, reason? }` adds one (201), DELETE /api/admin/visit-blocks/{id} removes it (204).
 * Booked visits are not touched by a block: the desk shows them, the owner moves or cancels them.
 */
export default async (req: Request, context?: Context) => {
  try {
    const id = context?.params?.id;
    await requireAdmin(req, id ? ["DELETE"] : ["GET", "POST"]);
    if (id) {
      await removeBlock(id);
      return noContent();
    }
    if (req.method === "GET") return json(await currentBlocks());
    if (req.method === "POST") {
      const body = await readJson(req, BlockBody, 2048);
      const block = await addBlock({
        start: parseInstant(body.start)!,
        end: parseInstant(body.end)!,
        reason: body.reason || null,
      });
      return json(block, { status: 201 });
    }
    throw new MethodNotAllowedError(["GET", "POST"]);
  } catch (error) {
    return toErrorResponse(error, "admin-visit-blocks");
  }
};

export const config: Config = { path: ["/api/admin/visit-blocks", "/api/admin/visit-blocks/:id"] };
