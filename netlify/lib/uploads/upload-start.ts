/**
 * The body of POST /api/uploads, `{ name, size }`, as a schema for the bounded JSON reader
 * (netlify/lib/http/request-body.ts readJson). Apart from uploads.ts so the part and complete
 * functions do not load zod.
 */
import * as z from "zod/mini";
import "../../../src/lib/zod-locale.ts";
import { HttpError } from "../http/http-error.ts";
import type { JsonBodyOptions } from "../http/request-body.ts";
import { cleanFileName } from "./file-types.ts";
import { fieldErrorsOf } from "../../../src/lib/field-errors.ts";

/** A name and a size in one small object; anything longer is not an upload start (413). */
export const MAX_UPLOAD_START_BYTES = 4096;

const NAME_MESSAGE = "name must be the file's name (no folders, at most 200 characters)";
const SIZE_MESSAGE = "size must be the file's size in bytes";

/**
 * `name` as it is kept (cleanFileName: NFC, trimmed, no folders or control characters), `size` a
 * whole number of bytes from 1. A size over the attachment limit passes here: createUpload answers
 * it with 413, not 400. Unknown fields are dropped.
 */
export const UploadStartSchema = z.object({
  name: z.pipe(
    z.unknown(),
    z.transform((value, context) => {
      const name = cleanFileName(value);
      if (name === null) context.issues.push({ code: "custom", message: NAME_MESSAGE, input: value });
      return name ?? "";
    }),
  ),
  size: z
    .number({ error: SIZE_MESSAGE })
    .check(z.refine((size) => Number.isSafeInteger(size) && size >= 1, SIZE_MESSAGE)),
});

export type UploadStart = z.output<typeof UploadStartSchema>;

/**
 * A refused body answers 400 with the first problem as its message (the quote form shows it) and
 * every problem under `fieldErrors`; a body that is not an object says so.
 */
export const UPLOAD_START_JSON: JsonBodyOptions = {
  requireJsonType: true,
  invalid: (error) => {
    const first = error.issues[0];
    const message = first && first.path.length > 0 ? first.message : "Request body must be a JSON object";
    return new HttpError(400, message, fieldErrorsOf(error));
  },
};
