import type { Config, Context } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json, noContent } from "../lib/http/responses.ts";
import { NotFoundError, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { deleteItem, updateItem } from "../lib/gallery/gallery-store.ts";
import { purgeGalleryCache } from "../lib/gallery/gallery-cache.ts";
import { GALLERY_JSON, MAX_ITEM_BODY_BYTES } from "../lib/gallery/gallery-body.ts";
import { GalleryIdSchema, GalleryUpdateSchema } from "../../src/lib/gallery/schema.ts";

/** PUT /api/admin/gallery/{id} (title, description, category) and DELETE (the image goes too). */
export default async (req: Request, context: Context) => {
  try {
    await requireAdmin(req, ["PUT", "DELETE"]);
    const id = GalleryIdSchema.safeParse(context.params.id);
    if (!id.success) throw new NotFoundError("Gallery item not found");
    if (req.method === "DELETE") {
      await deleteItem(id.data);
      await purgeGalleryCache();
      return noContent();
    }
    const input = await readJson(req, GalleryUpdateSchema, MAX_ITEM_BODY_BYTES, GALLERY_JSON);
    const item = await updateItem(id.data, input);
    await purgeGalleryCache();
    return json(item);
  } catch (error) {
    return toErrorResponse(error, "admin-gallery-item");
  }
};

// The methods keep POST /api/admin/gallery/reorder away from this route: the CLI does not rank
// the literal path above the `:id` pattern (docs/workarounds.md).
export const config: Config = { path: "/api/admin/gallery/:id", method: ["PUT", "DELETE"] };
