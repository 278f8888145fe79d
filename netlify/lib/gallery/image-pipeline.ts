/**
 * Turns an uploaded image into the published one: content checked by magic bytes, decoded, turned
 * upright (EXIF orientation applied), scaled down and re-encoded as WebP with every piece of metadata
 * (EXIF, GPS, XMP, IPTC, ICC) left behind, plus smaller copies for `srcset`.
 */
import { Readable } from "node:stream";
import busboy from "busboy";
import { sniffImageType } from "../../../src/lib/file-signature.ts";
import {
  IMAGE_VARIANT_WIDTHS,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_INPUT_PIXELS,
  PUBLISHED_IMAGE_MAX_EDGE,
} from "../../../src/lib/gallery/constants.ts";
import type { ImageToStore } from "./gallery-images-store.ts";
import { HttpError } from "../http/http-error.ts";

const WEBP_QUALITY = 82;

export class ImageRejected extends HttpError {
  constructor(status: 400 | 413 | 415, message: string) {
    super(status, message);
  }
}

/** Reads the one file in field `image` of a multipart request, refusing anything over the limit. */
export async function readImageField(req: Request): Promise<Uint8Array> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new ImageRejected(400, "Send the image as multipart/form-data in the field 'image'");
  }
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_IMAGE_UPLOAD_BYTES + 64 * 1024) throw tooLarge();
  if (!req.body) throw new ImageRejected(400, "No image received");

  return new Promise<Uint8Array>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: { files: 1, fileSize: MAX_IMAGE_UPLOAD_BYTES, fields: 10, parts: 11 },
      });
    } catch {
      reject(new ImageRejected(400, "Malformed multipart body"));
      return;
    }
    let file: Promise<Uint8Array> | null = null;
    parser.on("file", (name, stream) => {
      if (name !== "image" || file) {
        stream.resume();
        return;
      }
      file = new Promise((done, fail) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("limit", () => fail(tooLarge()));
        stream.on("end", () => done(new Uint8Array(Buffer.concat(chunks))));
        stream.on("error", fail);
      });
    });
    parser.on("error", () => reject(new ImageRejected(400, "Malformed multipart body")));
    parser.on("close", () => {
      if (!file) reject(new ImageRejected(400, "No image received in the field 'image'"));
      else file.then(resolve, reject);
    });
    Readable.fromWeb(req.body as import("node:stream/web").ReadableStream).pipe(parser);
  });
}

function tooLarge() {
  return new ImageRejected(413, `Image too large: at most ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} MiB`);
}

/** The publishable image, or ImageRejected when the bytes are no image we accept. */
export async function processImage(input: Uint8Array): Promise<ImageToStore> {
  if (input.byteLength === 0) throw new ImageRejected(400, "The image is empty");
  if (!sniffImageType(input.subarray(0, 64))) {
    throw new ImageRejected(415, "Only JPEG, PNG, WebP, AVIF or GIF images are accepted");
  }
  // sharp and libvips load with the first image, not with the function (docs/functions.md).
  const { default: sharp } = await import("sharp");
  try {
    // rotate() with no angle applies the EXIF orientation; sharp writes no input metadata by default.
    const upright = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({
        width: PUBLISHED_IMAGE_MAX_EDGE,
        height: PUBLISHED_IMAGE_MAX_EDGE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = upright.info;
    const fromRaw = () => sharp(upright.data, { raw: { width, height, channels } });
    const data = await fromRaw().webp({ quality: WEBP_QUALITY }).toBuffer();
    const variants = await Promise.all(
      IMAGE_VARIANT_WIDTHS.filter((w) => w < width).map(async (w) => ({
        width: w,
        data: new Uint8Array(await fromRaw().resize({ width: w }).webp({ quality: WEBP_QUALITY }).toBuffer()),
      })),
    );
    return { contentType: "image/webp", width, height, data: new Uint8Array(data), variants };
  } catch {
    throw new ImageRejected(400, "The file could not be read as an image");
  }
}
