/**
 * The gallery's functions called as Gallery Admin calls them: each request from `TEST_ORIGIN`,
 * signed in with the session's cookie (unless told not to), from client address `ip`.
 */
import type { Context } from "@netlify/functions";
import listGallery from "../../netlify/functions/gallery.mts";
import adminGallery from "../../netlify/functions/admin-gallery.mts";
import adminGalleryItem, { config as itemConfig } from "../../netlify/functions/admin-gallery-item.mts";
import adminGalleryReorder from "../../netlify/functions/admin-gallery-reorder.mts";
import uploadImage from "../../netlify/functions/upload-image.mts";
import type { GalleryItem } from "../../src/lib/gallery/schema";
import { TEST_ORIGIN } from "./admin-session";
import { routeContext } from "./route";

export function galleryClient(session: { readonly cookie: string }, ip: string) {
  const context = { ip, params: {} } as unknown as Context;

  /** A JSON body (any value, sent as JSON) or a multipart form, to the function that owns `path`. */
  function call(method: string, path: string, body?: unknown, withCookie = true): Promise<Response> {
    const headers = new Headers({ Origin: TEST_ORIGIN });
    if (withCookie) headers.set("Cookie", session.cookie);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers.set("Content-Type", "application/json");
    }
    const req = new Request(`${TEST_ORIGIN}${path}`, { method, headers, body: payload });
    const handler: (req: Request, context: Context) => Promise<Response> = path.startsWith(
      "/api/upload/image",
    )
      ? uploadImage
      : path === "/api/admin/gallery"
        ? adminGallery
        : path === "/api/admin/gallery/reorder"
          ? adminGalleryReorder
          : adminGalleryItem;
    return handler(req, handler === adminGalleryItem ? routeContext(itemConfig, req, ip) : context);
  }

  /** The public gallery list. */
  async function list(): Promise<GalleryItem[]> {
    return (await listGallery(new Request(`${TEST_ORIGIN}/api/gallery`))).json();
  }

  return { call, list };
}
