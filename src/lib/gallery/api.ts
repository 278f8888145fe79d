/**
 * The gallery's calls from the browser (docs/http-contract.md; docs/spec.md, Messages). Browser-safe and free of zod.
 * A non-OK answer raises an ApiError (../api-client.ts).
 */
import { apiError } from "../api-client";
import type { GalleryItem } from "./schema";

/** The detail of a failed call's message, without its leading status. */
export function errorDetail(error: unknown): string {
  return error instanceof Error ? error.message.replace(/^\d{3}: /, "") : String(error);
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
  if (!response.ok) throw await apiError(response);
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
  if (!response.ok) throw await apiError(response);
  const text = await response.text();
  return text ? (JSON.parse(text) as T) : null;
}
