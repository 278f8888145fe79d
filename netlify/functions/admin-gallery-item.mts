import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/auth.ts";
import { errorResponse, json, methodNotAllowed } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";
import { ConflictError, deleteItem, updateItem } from "../lib/gallery-store.ts";
import { purgeGalleryCache } from "../lib/gallery-cache.ts";
import { NO_STORE, parseJsonBody } from "../lib/gallery-http.ts";
import { GalleryIdSchema, GalleryUpdateSchema } from "../../src/lib/gallery-schema.ts";

/** PUT /api/admin/gallery/{id} (title, description, category) and DELETE (the image goes too). */
export default async (req: Request) => {
  const refused = await requireAdmin(req);
  if (refused) return refused;
  if (req.method !== "PUT" && req.method !== "DELETE") return methodNotAllowed(["PUT", "DELETE"]);
  const id = GalleryIdSchema.safeParse(decodeURIComponent(new URL(req.url).pathname.split("/").pop() ?? ""));
  if (!id.success) return errorResponse(404, "Gallery item not found");
  try {
    if (req.method === "DELETE") {
      if (!(await deleteItem(id.data))) return errorResponse(404, "Gallery item not found");
      await purgeGalleryCache();
      return new Response(null, { status: 204, headers: NO_STORE });
    }
    const input = await parseJsonBody(req, GalleryUpdateSchema);
    if ("response" in input) return input.response;
    const item = await updateItem(id.data, input.data);
    if (!item) return errorResponse(404, "Gallery item not found");
    await purgeGalleryCache();
    return json(item, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof ConflictError) return errorResponse(409, error.message);
    return toErrorResponse(error, "admin-gallery-item");
  }
};

// The methods keep POST /api/admin/gallery/reorder away from this route: the CLI does not rank
// the literal path above the `:id` pattern.
export const config: Config = { path: "/api/admin/gallery/:id", method: ["PUT", "DELETE"] };
