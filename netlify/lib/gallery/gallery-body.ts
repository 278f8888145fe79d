/** How the gallery admin functions read their JSON bodies (the error shape of docs/http-contract.md). */
import type { JsonBodyOptions } from "../http/request-body.ts";
import { HttpError } from "../http/http-error.ts";
import { fieldErrorsOf } from "../../../src/lib/field-errors.ts";

export const GALLERY_JSON: JsonBodyOptions = {
  notJsonMessage: "The request body must be JSON",
  invalid: (error) => new HttpError(400, "Invalid gallery data", fieldErrorsOf(error)),
};

/** Item bodies are a few short fields; a reorder lists every item id (about 40 bytes each). */
export const MAX_ITEM_BODY_BYTES = 16 * 1024;
export const MAX_REORDER_BODY_BYTES = 256 * 1024;
