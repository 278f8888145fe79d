import type { Config } from "@netlify/functions";
import { json, methodNotAllowed } from "../lib/http.ts";
import { toErrorResponse } from "../lib/http-error.ts";
import { listItems } from "../lib/gallery-store.ts";
import { GALLERY_LIST_HEADERS } from "../lib/gallery-cache.ts";

/** GET /api/gallery: every gallery item, ordered by displayOrder (DESIGN.md §3). */
export default async (req: Request) => {
  if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed(["GET"]);
  try {
    if (process.env.NETLIFY_LOCAL === "true") {
      // Loaded only under the Netlify CLI: the seed pulls in the image pipeline.
      const { seedLocalGallery } = await import("../lib/gallery-seed.ts");
      await seedLocalGallery();
    }
    return json(await listItems(), { headers: GALLERY_LIST_HEADERS });
  } catch (error) {
    return toErrorResponse(error, "gallery");
  }
};

export const config: Config = { path: "/api/gallery" };
