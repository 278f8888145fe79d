import type { Config } from "@netlify/functions";
import { guardAdmin } from "../lib/admin/auth.ts";
import { errorResponse, json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { createItem } from "../lib/gallery/gallery-store.ts";
import { purgeGalleryCache } from "../lib/gallery/gallery-cache.ts";
import { GALLERY_JSON, MAX_ITEM_BODY_BYTES } from "../lib/gallery/gallery-body.ts";
import { GalleryCreateSchema } from "../../src/lib/gallery/schema.ts";

/**
 * POST /api/admin/gallery: adds an uploaded image to the gallery. The server assigns displayOrder
 * (the item count when it commits); a displayOrder in the body is accepted and ignored.
 */
export default async (req: Request) => {
  const refusal = await guardAdmin(req, ["POST"]);
  if (refusal) return refusal;
  try {
    const input = await readJson(req, GalleryCreateSchema, MAX_ITEM_BODY_BYTES, GALLERY_JSON);
    const outcome = await createItem(input);
    if ("error" in outcome) {
      return outcome.error === "image-in-use"
        ? errorResponse(409, "This image is already in the gallery")
        : errorResponse(400, "Invalid gallery data", {
            fieldErrors: { imageUrl: ["Upload the image first: no such gallery image"] },
          });
    }
    await purgeGalleryCache();
    return json(outcome.item, { status: 201 });
  } catch (error) {
    return toErrorResponse(error, "admin-gallery");
  }
};

export const config: Config = { path: "/api/admin/gallery" };
