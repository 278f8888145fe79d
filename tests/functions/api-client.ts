/**
 * Calls the real function handlers by method and path, as the Netlify router would, for tests that
 * drive many endpoints (property, fault, concurrency and backup tests). The routes are the
 * functions' own `config` (function-routes.ts): a new function is reachable here as it is deployed.
 */
import type { Context } from "@netlify/functions";
import { TEST_ORIGIN } from "./admin-session.ts";
import { routeFor, type Handler } from "./function-routes.ts";
import { imageForm } from "./gallery-fixtures.ts";
import { paramsFor } from "./route.ts";

export function handlerFor(method: string, path: string): Handler | undefined {
  return routeFor(method, new URL(path, TEST_ORIGIN).pathname)?.handler;
}

export interface CallOptions {
  body?: BodyInit | object | null;
  headers?: HeadersInit;
  cookie?: string;
  ip?: string;
}

/** A request to the handler that owns `method path`; JSON-encodes plain-object bodies. */
export async function callApi(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const route = routeFor(method, new URL(path, TEST_ORIGIN).pathname);
  if (!route) throw new Error(`No handler for ${method} ${path}`);
  const headers = new Headers(options.headers);
  if (!headers.has("Origin")) headers.set("Origin", TEST_ORIGIN);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body = options.body ?? null;
  if (
    body !== null &&
    typeof body === "object" &&
    !(body instanceof FormData) &&
    !(body instanceof Uint8Array) &&
    !(body instanceof ArrayBuffer) &&
    !(body instanceof Blob) &&
    !(body instanceof ReadableStream) &&
    !(body instanceof URLSearchParams)
  ) {
    body = JSON.stringify(body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  const request = new Request(new URL(path, TEST_ORIGIN), {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? null : (body as BodyInit | null),
    duplex: "half",
  } as RequestInit);
  const params = paramsFor(route.config, request.url);
  const context = { ip: options.ip ?? "192.0.2.50", params } as unknown as Context;
  return route.handler(request, context);
}

/**
 * A gallery item made as Gallery Admin makes one: `image` uploaded, then an item titled `title`
 * that shows it. Its id.
 */
export async function addGalleryItem(cookie: string, title: string, image: Buffer): Promise<string> {
  const upload = await callApi("POST", "/api/upload/image", { body: imageForm(image), cookie });
  const { imageUrl } = (await upload.json()) as { imageUrl: string };
  const item = await callApi("POST", "/api/admin/gallery", { body: { title, imageUrl }, cookie });
  return ((await item.json()) as { id: string }).id;
}

/** PATCH a lead as the desk does, with the ETag it last read. */
export async function patchLeadWithETag(cookie: string, leadId: string, body: object): Promise<Response> {
  const path = `/api/admin/contact-submissions/${leadId}`;
  const current = await callApi("GET", path, { cookie });
  return callApi("PATCH", path, { cookie, body, headers: { "If-Match": current.headers.get("ETag")! } });
}
