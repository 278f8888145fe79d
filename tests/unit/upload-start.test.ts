/**
 * What POST /api/uploads answers to a start it refuses (netlify/lib/uploads/upload-start.ts): the
 * first problem as the message, every problem under `fieldErrors`, and what it keeps of one it accepts.
 */
import { describe, expect, it } from "vitest";
import { HttpError } from "../../netlify/lib/http/http-error.ts";
import { readJson } from "../../netlify/lib/http/request-body.ts";
import {
  MAX_UPLOAD_START_BYTES,
  UPLOAD_START_JSON,
  UploadStartSchema,
} from "../../netlify/lib/uploads/upload-start.ts";

const NAME = "name must be the file's name (no folders, at most 200 characters)";
const SIZE = "size must be the file's size in bytes";

async function start(body: unknown): Promise<unknown> {
  const request = new Request("https://example.test/api/uploads", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  try {
    return { value: await readJson(request, UploadStartSchema, MAX_UPLOAD_START_BYTES, UPLOAD_START_JSON) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, error: error.message, fieldErrors: error.fieldErrors };
  }
}

describe("an upload's start", () => {
  it.each<[string, unknown, unknown]>([
    ["a name and a size", { name: "roof.jpg", size: 10 }, { value: { name: "roof.jpg", size: 10 } }],
    [
      "a name to tidy, a field to drop",
      { name: " roof.jpg ", size: 10, extra: 1 },
      { value: { name: "roof.jpg", size: 10 } },
    ],
    [
      "a folder in the name",
      { name: "a/b.jpg", size: 10 },
      { status: 400, error: NAME, fieldErrors: { name: [NAME] } },
    ],
    ["no name", { size: 10 }, { status: 400, error: NAME, fieldErrors: { name: [NAME] } }],
    [
      "a name that is a number",
      { name: 5, size: 10 },
      { status: 400, error: NAME, fieldErrors: { name: [NAME] } },
    ],
    ["no size", { name: "a.jpg" }, { status: 400, error: SIZE, fieldErrors: { size: [SIZE] } }],
    ["a size of 0", { name: "a.jpg", size: 0 }, { status: 400, error: SIZE, fieldErrors: { size: [SIZE] } }],
    [
      "a size in part",
      { name: "a.jpg", size: 1.5 },
      { status: 400, error: SIZE, fieldErrors: { size: [SIZE] } },
    ],
    [
      "a size as text",
      { name: "a.jpg", size: "10" },
      { status: 400, error: SIZE, fieldErrors: { size: [SIZE] } },
    ],
    [
      "both wrong: the name first",
      { name: "x".repeat(300), size: -1 },
      { status: 400, error: NAME, fieldErrors: { name: [NAME], size: [SIZE] } },
    ],
    [
      "not an object",
      [1, 2],
      {
        status: 400,
        error: "Request body must be a JSON object",
        fieldErrors: { body: ["Invalid input: expected object, received array"] },
      },
    ],
  ])("%s", async (_name, body, expected) => {
    expect(await start(body)).toEqual(expected);
  });
});
