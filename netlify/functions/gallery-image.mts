import type { Config, Context } from "@netlify/functions";
import { errorResponse, methodNotAllowed } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { getImage } from "../lib/gallery/gallery-images-store.ts";
import { GalleryIdSchema } from "../../src/lib/gallery/schema.ts";
import { IMAGE_VARIANT_WIDTHS } from "../../src/lib/gallery/constants.ts";

/**
 * GET /media/gallery/{id}[/{width}]: a published gallery image, public and same-origin. Ids are
 * never reused, so the bytes behind a URL never change: cached for a year as immutable.
 */
export default async (req: Request, context: Context) => {
  if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed(["GET"]);
  const id = GalleryIdSchema.safeParse(context.params.id);
  const width = context.params.width === undefined ? undefined : Number(context.params.width);
  const knownWidth = width === undefined || (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width);
  if (!id.success || !knownWidth) return errorResponse(404, "Image not found");
  let image: Awaited<ReturnType<typeof getImage>>;
  try {
    image = await getImage(id.data, width);
  } catch (error) {
    return toErrorResponse(error, "gallery-image");
  }
  if (!image) return errorResponse(404, "Image not found");
  return new Response(req.method === "HEAD" ? null : image.data, {
    headers: {
      "Content-Type": image.contentType || "application/octet-stream",
      "Content-Length": String(image.data.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
};

export const config: Config = { path: ["/media/gallery/:id", "/media/gallery/:id/:width"] };
