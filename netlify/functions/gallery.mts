import type { Config } from "@netlify/functions";
import { json } from "../lib/http/responses.ts";
import { requireMethod, toErrorResponse } from "../lib/http/http-error.ts";
import { listItems } from "../lib/gallery/gallery-store.ts";
import { GALLERY_LIST_HEADERS } from "../lib/gallery/gallery-cache.ts";

/** GET /api/gallery: every gallery item, ordered by displayOrder (docs/http-contract.md, Public). */
export default async (req: Request) => {
  try {
    requireMethod(req, ["GET", "HEAD"]);
    return json(await listItems(), { headers: GALLERY_LIST_HEADERS });
  } catch (error) {
    return toErrorResponse(error, "gallery");
  }
};

export const config: Config = { path: "/api/gallery" };
