import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/auth.ts";
import { errorResponse, json, methodNotAllowed } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";
import { ConflictError, reorderItems } from "../lib/gallery-store.ts";
import { purgeGalleryCache } from "../lib/gallery-cache.ts";
import { NO_STORE, parseJsonBody } from "../lib/gallery-http.ts";
import { GalleryReorderSchema } from "../../src/lib/gallery-schema.ts";

/** POST /api/admin/gallery/reorder: `imageIds` must name every current item exactly once. */
export default async (req: Request) => {
  const refused = await requireAdmin(req);
  if (refused) return refused;
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(req, GalleryReorderSchema);
  if ("response" in input) return input.response;
  try {
    const items = await reorderItems(input.data.imageIds);
    if (!items) {
      return errorResponse(400, "imageIds must list every gallery item exactly once", {
        fieldErrors: { imageIds: ["The gallery has changed: reload it and try again"] },
      });
    }
    await purgeGalleryCache();
    return json(items, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof ConflictError) return errorResponse(409, error.message);
    return toErrorResponse(error, "admin-gallery-reorder");
  }
};

export const config: Config = { path: "/api/admin/gallery/reorder", method: "POST" };
