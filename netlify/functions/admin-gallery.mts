import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
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
  try {
    await requireAdmin(req, ["POST"]);
    const input = await readJson(req, GalleryCreateSchema, MAX_ITEM_BODY_BYTES, GALLERY_JSON);
    const item = await createItem(input);
    await purgeGalleryCache();
    return json(item, { status: 201 });
  } catch (error) {
    return toErrorResponse(error, "admin-gallery");
  }
};

export const config: Config = { path: "/api/admin/gallery" };
