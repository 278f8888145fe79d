import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/auth.ts";
import { errorResponse, json, methodNotAllowed } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";
import { ImageRejected, processImage, readImageField } from "../lib/gallery-image.ts";
import { saveImage } from "../lib/gallery-store.ts";
import { NO_STORE } from "../lib/gallery-http.ts";
import { imageUrlForId } from "../../src/lib/gallery-schema.ts";

/**
 * POST /api/upload/image: one image in field `image` (at most 4 MiB; the admin screen scales photos
 * down first). Published without metadata under a server-generated id: 201 `{ imageUrl }`.
 */
export default async (req: Request) => {
  const refused = await requireAdmin(req);
  if (refused) return refused;
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const image = await processImage(await readImageField(req));
    const id = await saveImage(image);
    return json(
      { imageUrl: imageUrlForId(id), width: image.width, height: image.height },
      { status: 201, headers: NO_STORE },
    );
  } catch (error) {
    if (error instanceof ImageRejected) return errorResponse(error.status, error.message);
    return toErrorResponse(error, "upload-image");
  }
};

export const config: Config = { path: "/api/upload/image" };
