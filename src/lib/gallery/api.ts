/**
 * The gallery's calls from the browser (SPEC.md §7, §8). Browser-safe and free of zod.
 * A non-OK answer raises an Error whose message is `{status}: {body text or status text}`.
 */
import type { GalleryItem } from "./schema";

export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function failure(response: Response): Promise<HttpError> {
  const text = await response.text().catch(() => "");
  return new HttpError(response.status, `${response.status}: ${text || response.statusText}`);
}

/** The body's `error` field when it is the project's JSON error shape, else the whole message. */
export function errorDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const body = error.message.replace(/^\d{3}: /, "");
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "error" in parsed && typeof parsed.error === "string") {
      return parsed.error;
    }
  } catch {
    // Not JSON: the text itself.
  }
  return body;
}

function isGalleryItem(value: unknown): value is GalleryItem {
  if (!value || typeof value !== "object") return false;
  const item = value as Record<string, unknown>;
  return typeof item.id === "string" && typeof item.title === "string" && typeof item.imageUrl === "string";
}

/** GET /api/gallery, ordered by displayOrder. `fresh` skips the browser cache (admin reads). */
export async function fetchGallery(fresh = false): Promise<GalleryItem[]> {
  const response = await fetch("/api/gallery", {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
    cache: fresh ? "no-store" : "default",
  });
  if (!response.ok) throw await failure(response);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error("The gallery answer was not a list");
  return body.filter(isGalleryItem).sort((a, b) => a.displayOrder - b.displayOrder);
}

/** A write: JSON body (with its content type) only when a payload is given, cookies included. */
export async function send<T = unknown>(method: string, url: string, payload?: unknown): Promise<T | null> {
  const response = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: payload === undefined ? undefined : { "Content-Type": "application/json" },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (!response.ok) throw await failure(response);
  const text = await response.text();
  return text ? (JSON.parse(text) as T) : null;
}
