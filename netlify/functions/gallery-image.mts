import type { Config, Context } from "@netlify/functions";
import { secureHeaders } from "../lib/http/responses.ts";
import { NotFoundError, requireMethod, toErrorResponse } from "../lib/http/http-error.ts";
import { getImage } from "../lib/gallery/gallery-images-store.ts";
import { GalleryIdSchema } from "../../src/lib/gallery/schema.ts";
import { IMAGE_VARIANT_WIDTHS } from "../../src/lib/gallery/constants.ts";

/**
 * What an image adds to the function security headers: it is public and same-origin, and ids are
 * never reused, so the bytes behind a URL never change: cached for a year as immutable.
 */
const IMAGE_HEADERS = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/** GET /media/gallery/{id}[/{width}]: a published gallery image, or one of its smaller copies. */
export default async (req: Request, context: Context) => {
  try {
    requireMethod(req, ["GET", "HEAD"]);
    const id = GalleryIdSchema.safeParse(context.params.id);
    const width = context.params.width === undefined ? undefined : Number(context.params.width);
    const knownWidth = width === undefined || (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width);
    if (!id.success || !knownWidth) throw new NotFoundError("Image not found");
    const image = await getImage(id.data, width);
    if (!image) throw new NotFoundError("Image not found");
    const headers = secureHeaders({
      ...IMAGE_HEADERS,
      "Content-Type": image.contentType || "application/octet-stream",
      "Content-Length": String(image.data.byteLength),
    });
    return new Response(req.method === "HEAD" ? null : image.data, { headers });
  } catch (error) {
    return toErrorResponse(error, "gallery-image");
  }
};

export const config: Config = { path: ["/media/gallery/:id", "/media/gallery/:id/:width"] };
