import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ConflictError, HttpError } from "../../netlify/lib/http/http-error";
import { readJson } from "../../netlify/lib/http/request-body";
import { ImageRejected } from "../../netlify/lib/gallery/image-pipeline";

const Schema = z.object({ name: z.string().min(1) });

function post(body: BodyInit, type = "application/json"): Request {
  return new Request("http://localhost/x", { method: "POST", body, headers: { "Content-Type": type } });
}

/** A body sent in chunks without Content-Length, as a client that hides its size would. */
function streamed(bytes: number): Request {
  const chunk = new Uint8Array(1024).fill(0x20);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return new Request("http://localhost/x", { method: "POST", body, duplex: "half" } as RequestInit);
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as HttpError,
  );

describe("readJson", () => {
  it("returns the parsed, schema-checked body", async () => {
    expect(await readJson(post(JSON.stringify({ name: "A", extra: 1 })), Schema, 100)).toEqual({ name: "A" });
  });

  it("refuses a body over the limit with 413, declared or not", async () => {
    expect(
      (await failure(readJson(post(JSON.stringify({ name: "x".repeat(200) })), Schema, 100)))?.status,
    ).toBe(413);
    expect((await failure(readJson(streamed(50_000), Schema, 4096)))?.status).toBe(413);
  });

  it("answers 400 for a body that is not JSON, with the caller's message", async () => {
    const error = await failure(readJson(post("name=A"), Schema, 100, { notJsonMessage: "Send JSON" }));
    expect([error?.status, error?.message]).toEqual([400, "Send JSON"]);
  });

  it("answers 400 with field errors, or the caller's error, for JSON the schema refuses", async () => {
    const plain = await failure(readJson(post("{}"), Schema, 100));
    expect(plain?.status).toBe(400);
    expect(Object.keys(plain?.fieldErrors ?? {})).toEqual(["name"]);
    const custom = await failure(
      readJson(post("[]"), Schema, 100, { invalid: () => new HttpError(422, "No") }),
    );
    expect([custom?.status, custom?.message]).toEqual([422, "No"]);
  });

  it("answers 415 for another Content-Type only when asked to", async () => {
    const body = JSON.stringify({ name: "A" });
    expect(
      (await failure(readJson(post(body, "text/plain"), Schema, 100, { requireJsonType: true })))?.status,
    ).toBe(415);
    expect(await readJson(post(body, "text/plain"), Schema, 100)).toEqual({ name: "A" });
  });
});

describe("domain errors", () => {
  it("are HTTP errors, so every handler ends in toErrorResponse", () => {
    expect(new ConflictError("busy")).toMatchObject({ status: 409, message: "busy" });
    expect(new ConflictError("busy")).toBeInstanceOf(HttpError);
    expect(new ImageRejected(415, "no")).toBeInstanceOf(HttpError);
  });
});
