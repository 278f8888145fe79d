import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { reorderItems } from "../lib/gallery/gallery-store.ts";
import { purgeGalleryCache } from "../lib/gallery/gallery-cache.ts";
import { GALLERY_JSON, MAX_REORDER_BODY_BYTES } from "../lib/gallery/gallery-body.ts";
import { GalleryReorderSchema } from "../../src/lib/gallery/schema.ts";

/** POST /api/admin/gallery/reorder: `imageIds` must name every current item exactly once. */
export default async (req: Request) => {
  try {
    await requireAdmin(req, ["POST"]);
    const input = await readJson(req, GalleryReorderSchema, MAX_REORDER_BODY_BYTES, GALLERY_JSON);
    const items = await reorderItems(input.imageIds);
    await purgeGalleryCache();
    return json(items);
  } catch (error) {
    return toErrorResponse(error, "admin-gallery-reorder");
  }
};

export const config: Config = { path: "/api/admin/gallery/reorder", method: "POST" };
