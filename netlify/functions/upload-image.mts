import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { toErrorResponse } from "../lib/http/http-error.ts";
import { processImage, readImageField } from "../lib/gallery/image-pipeline.ts";
import { saveImage } from "../lib/gallery/gallery-images-store.ts";
import { imageUrlForId } from "../../src/lib/gallery/images.ts";

/**
 * POST /api/upload/image: one image in field `image` (at most 4 MiB; the admin screen scales photos
 * down first). Published without metadata under a server-generated id: 201 `{ imageUrl }`.
 */
export default async (req: Request) => {
  try {
    await requireAdmin(req, ["POST"]);
    const image = await processImage(await readImageField(req));
    const id = await saveImage(image);
    return json({ imageUrl: imageUrlForId(id), width: image.width, height: image.height }, { status: 201 });
  } catch (error) {
    return toErrorResponse(error, "upload-image");
  }
};

export const config: Config = { path: "/api/upload/image" };
