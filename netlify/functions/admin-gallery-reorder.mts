import type { Config } from "@netlify/functions";
import { guardAdmin } from "../lib/admin/auth.ts";
import { errorResponse, json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { reorderItems } from "../lib/gallery/gallery-store.ts";
import { purgeGalleryCache } from "../lib/gallery/gallery-cache.ts";
import { GALLERY_JSON, MAX_REORDER_BODY_BYTES } from "../lib/gallery/gallery-body.ts";
import { GalleryReorderSchema } from "../../src/lib/gallery/schema.ts";

/** POST /api/admin/gallery/reorder: `imageIds` must name every current item exactly once. */
export default async (req: Request) => {
  const refusal = await guardAdmin(req, ["POST"]);
  if (refusal) return refusal;
  try {
    const input = await readJson(req, GalleryReorderSchema, MAX_REORDER_BODY_BYTES, GALLERY_JSON);
    const items = await reorderItems(input.imageIds);
    if (!items) {
      return errorResponse(400, "imageIds must list every gallery item exactly once", {
        fieldErrors: { imageIds: ["The gallery has changed: reload it and try again"] },
      });
    }
    await purgeGalleryCache();
    return json(items);
  } catch (error) {
    return toErrorResponse(error, "admin-gallery-reorder");
  }
};

export const config: Config = { path: "/api/admin/gallery/reorder", method: "POST" };
