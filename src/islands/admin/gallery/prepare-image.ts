/**
 * Browser side of a gallery upload: phone photos are scaled and re-encoded on a canvas until they fit
 * one request (docs/uploads.md); the server checks, strips and re-encodes again regardless.
 */
import { sniffImageType } from "../../../lib/file-signature";
import { sendWithProgress, type XhrAnswer } from "../../../lib/api-client";
import {
  CLIENT_IMAGE_MAX_EDGE,
  CLIENT_IMAGE_TARGET_BYTES,
  MAX_IMAGE_UPLOAD_BYTES,
} from "../../../lib/gallery/constants";

const MAX_ATTEMPTS = 10;

export class UploadError extends Error {}

/** The file itself when it already fits, else a JPEG of at most CLIENT_IMAGE_TARGET_BYTES. */
export async function prepareImage(file: File): Promise<Blob> {
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  if (!sniffImageType(head))
    throw new UploadError("Upload failed: the file is not a JPEG, PNG, WebP, AVIF or GIF image");

  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    if (file.size <= MAX_IMAGE_UPLOAD_BYTES) return file;
    throw new UploadError("Upload failed: this browser cannot read the image to make it smaller");
  }
  try {
    const longEdge = Math.max(bitmap.width, bitmap.height);
    if (file.size <= CLIENT_IMAGE_TARGET_BYTES && longEdge <= CLIENT_IMAGE_MAX_EDGE) return file;
    let scale = Math.min(1, CLIENT_IMAGE_MAX_EDGE / longEdge);
    let quality = 0.9;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const blob = await encode(bitmap, scale, quality);
      if (blob && blob.size <= CLIENT_IMAGE_TARGET_BYTES) return blob;
      if (quality > 0.75) quality -= 0.08;
      else scale *= 0.8;
    }
    throw new UploadError("Upload failed: the image could not be made small enough");
  } finally {
    bitmap.close();
  }
}

function encode(bitmap: ImageBitmap, scale: number, quality: number): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) return Promise.resolve(null);
  // JPEG has no transparency: transparent areas become white rather than black.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/** POST /api/upload/image with progress (0–1); resolves to the published image's URL. */
export async function uploadImage(
  blob: Blob,
  fileName: string,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const form = new FormData();
  form.append("image", blob, fileName);
  let answer: XhrAnswer;
  try {
    answer = await sendWithProgress("POST", "/api/upload/image", form, (loaded, total) => {
      if (total) onProgress(loaded / total);
    });
  } catch {
    throw new UploadError("Upload failed: network error");
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new UploadError(`Upload failed: ${answer.status}: ${answer.text || answer.statusText}`);
  }
  try {
    const { imageUrl } = JSON.parse(answer.text) as { imageUrl?: unknown };
    if (typeof imageUrl === "string") return imageUrl;
  } catch {
    // Falls through to the error below.
  }
  throw new UploadError("Upload failed: the answer held no imageUrl");
}

export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, "").trim();
  return base || "Untitled image";
}
