/**
 * Calls the real function handlers by method and path, as the Netlify router would, for tests that
 * drive many endpoints (property, fault, concurrency and backup tests). Add a route here when you add
 * a function.
 */
import type { Config, Context } from "@netlify/functions";
import contact from "../../netlify/functions/contact.mts";
import uploads from "../../netlify/functions/uploads.mts";
import uploadPart, { config as uploadPartConfig } from "../../netlify/functions/upload-part.mts";
import uploadComplete, { config as uploadCompleteConfig } from "../../netlify/functions/upload-complete.mts";
import login from "../../netlify/functions/admin-login.mts";
import logout from "../../netlify/functions/admin-logout.mts";
import session from "../../netlify/functions/admin-session.mts";
import contactSubmissions from "../../netlify/functions/admin-contact-submissions.mts";
import contactSubmission, {
  config as contactSubmissionConfig,
} from "../../netlify/functions/admin-contact-submission.mts";
import contactExport from "../../netlify/functions/admin-contact-submissions-export.mts";
import contactStats from "../../netlify/functions/admin-contact-submissions-stats.mts";
import contactAttachment, {
  config as contactAttachmentConfig,
} from "../../netlify/functions/admin-contact-attachment.mts";
import gallery from "../../netlify/functions/gallery.mts";
import galleryImage, { config as galleryImageConfig } from "../../netlify/functions/gallery-image.mts";
import adminGallery from "../../netlify/functions/admin-gallery.mts";
import adminGalleryItem, {
  config as adminGalleryItemConfig,
} from "../../netlify/functions/admin-gallery-item.mts";
import adminGalleryReorder from "../../netlify/functions/admin-gallery-reorder.mts";
import uploadImage from "../../netlify/functions/upload-image.mts";
import { TEST_ORIGIN } from "./admin-session.ts";
import { paramsFor } from "./route.ts";

type Handler = (req: Request, context: Context) => Promise<Response> | Response;

/** First match wins, so literal paths come before patterns that would also match them. */
const ROUTES: [methods: string[] | null, path: RegExp, handler: Handler][] = [
  [null, /^\/api\/contact$/, contact],
  [null, /^\/api\/uploads$/, uploads],
  [null, /^\/api\/uploads\/[^/]+\/parts\/[^/]+$/, uploadPart],
  [null, /^\/api\/uploads\/[^/]+\/complete$/, uploadComplete],
  [null, /^\/api\/admin\/login$/, login],
  [null, /^\/api\/admin\/logout$/, logout],
  [null, /^\/api\/admin\/session$/, session],
  [null, /^\/api\/admin\/contact-submissions$/, contactSubmissions],
  [null, /^\/api\/admin\/contact-submissions\/export\.csv$/, contactExport],
  [null, /^\/api\/admin\/contact-submissions\/stats$/, contactStats],
  [null, /^\/api\/admin\/contact-submissions\/[^/]+$/, contactSubmission],
  [null, /^\/api\/admin\/contact-submissions\/[^/]+\/attachments\/[^/]+$/, contactAttachment],
  [null, /^\/api\/gallery$/, gallery],
  [null, /^\/media\/gallery\/[^/]+(\/[^/]+)?$/, galleryImage],
  [null, /^\/api\/admin\/gallery$/, adminGallery],
  [["POST"], /^\/api\/admin\/gallery\/reorder$/, adminGalleryReorder],
  [["PUT", "DELETE"], /^\/api\/admin\/gallery\/[^/]+$/, adminGalleryItem],
  [null, /^\/api\/upload\/image$/, uploadImage],
];

/** The route of each handler that reads `context.params`, as its function declares it. */
const ROUTE_CONFIGS = new Map<Handler, Config>([
  [uploadPart, uploadPartConfig],
  [uploadComplete, uploadCompleteConfig],
  [contactAttachment, contactAttachmentConfig],
  [contactSubmission, contactSubmissionConfig],
  [galleryImage, galleryImageConfig],
  [adminGalleryItem, adminGalleryItemConfig],
]);

export function handlerFor(method: string, path: string): Handler | undefined {
  const pathname = new URL(path, TEST_ORIGIN).pathname;
  return ROUTES.find(
    ([methods, pattern]) => (!methods || methods.includes(method)) && pattern.test(pathname),
  )?.[2];
}

export interface CallOptions {
  body?: BodyInit | object | null;
  headers?: HeadersInit;
  cookie?: string;
  ip?: string;
}

/** A request to the handler that owns `method path`; JSON-encodes plain-object bodies. */
export async function callApi(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const handler = handlerFor(method, path);
  if (!handler) throw new Error(`No handler for ${method} ${path}`);
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
  const config = ROUTE_CONFIGS.get(handler);
  const params = config ? paramsFor(config, request.url) : {};
  const context = { ip: options.ip ?? "192.0.2.50", params } as unknown as Context;
  return handler(request, context);
}
