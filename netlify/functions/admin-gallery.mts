import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/auth.ts";
import { errorResponse, json, methodNotAllowed } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";
import { ConflictError, createItem } from "../lib/gallery-store.ts";
import { purgeGalleryCache } from "../lib/gallery-cache.ts";
import { NO_STORE, parseJsonBody } from "../lib/gallery-http.ts";
import { GalleryCreateSchema } from "../../src/lib/gallery-schema.ts";

/**
 * POST /api/admin/gallery: adds an uploaded image to the gallery. The server assigns displayOrder
 * (the item count when it commits); a displayOrder in the body is accepted and ignored.
 */
export default async (req: Request) => {
  const refused = await requireAdmin(req);
  if (refused) return refused;
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(req, GalleryCreateSchema);
  if ("response" in input) return input.response;
  try {
    const outcome = await createItem(input.data);
    if ("error" in outcome) {
      return outcome.error === "image-in-use"
        ? errorResponse(409, "This image is already in the gallery")
        : errorResponse(400, "Invalid gallery data", {
            fieldErrors: { imageUrl: ["Upload the image first: no such gallery image"] },
          });
    }
    await purgeGalleryCache();
    return json(outcome.item, { status: 201, headers: NO_STORE });
  } catch (error) {
    if (error instanceof ConflictError) return errorResponse(409, error.message);
    return toErrorResponse(error, "admin-gallery");
  }
};

export const config: Config = { path: "/api/admin/gallery" };
