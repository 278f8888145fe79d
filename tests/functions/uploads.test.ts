import { describe, expect, test } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import createHandler from "../../netlify/functions/uploads.mts";
import partFunction, { config as partConfig } from "../../netlify/functions/upload-part.mts";
import completeFunction, { config as completeConfig } from "../../netlify/functions/upload-complete.mts";
import cleanupHandler from "../../netlify/functions/cleanup-uploads.mts";
import { cleanupExpiredUploads } from "../../netlify/lib/uploads/uploads.ts";
import { claimUpload, readUpload } from "../../netlify/lib/uploads/uploads-store.ts";
import { takeQuote } from "../../netlify/lib/quote/take-quote.ts";
import { readQuote } from "../../netlify/lib/quote/quote-store.ts";
import { openAttachment } from "../../netlify/lib/quote/attachment-store.ts";
import { MAX_ATTACHMENT_BYTES } from "../../src/lib/constants.ts";
import { MAX_REQUEST_BODY_BYTES, UPLOAD_PART_BYTES, UPLOAD_TTL_MS } from "../../src/lib/quote/upload.ts";
import { useBlobs } from "./blobs.ts";
import { BASE, files, quoteRequest, rawRequest, storedKeys, VALID_FIELDS } from "./quote-fixtures.ts";
import { routed } from "./route.ts";

const partHandler = routed(partFunction, partConfig);
const completeHandler = routed(completeFunction, completeConfig);

useBlobs();

const json = (body: unknown) => rawRequest(JSON.stringify(body), "application/json", "POST", "/api/uploads");
const create = async (name: string, size: number) => {
  const response = await createHandler(json({ name, size }));
  return { status: response.status, body: await response.json() };
};
const putPart = (id: string, index: number | string, bytes: Uint8Array) =>
  partHandler(
    new Request(`${BASE}/api/uploads/${id}/parts/${index}`, {
      method: "PUT",
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { "content-type": "application/octet-stream" },
    }),
  );
const complete = (id: string) =>
  completeHandler(new Request(`${BASE}/api/uploads/${id}/complete`, { method: "POST" }));

/** Sends a whole file the way the browser does, recording every request body size. */
async function upload(name: string, bytes: Uint8Array, sizes: number[] = []) {
  const created = await create(name, bytes.byteLength);
  expect(created.status).toBe(201);
  const { uploadId, partSize, partCount } = created.body;
  for (let index = 1; index <= partCount; index++) {
    const slice = bytes.slice((index - 1) * partSize, index * partSize);
    sizes.push(slice.byteLength);
    const response = await putPart(uploadId, index, slice);
    expect(response.status).toBe(200);
  }
  const done = await complete(uploadId);
  expect(done.status).toBe(200);
  return { uploadId: uploadId as string, summary: await done.json() };
}

async function bytesOf(stream: ReadableStream) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("attachments in parts", () => {
  test("five files of 5 MB go through in parts no larger than 3 MiB and are stored byte for byte", async () => {
    const makers = [files.jpeg, files.png, files.pdf, files.doc, files.docx];
    const originals = makers.map((make) => make(MAX_ATTACHMENT_BYTES));
    const sizes: number[] = [];
    const ids: string[] = [];
    for (const [i, bytes] of originals.entries())
      ids.push((await upload(`file ${i}.bin`, bytes, sizes)).uploadId);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(UPLOAD_PART_BYTES);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_REQUEST_BODY_BYTES);

    const response = await contact(quoteRequest({ uploadIds: ids }));
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const record = await readQuote(id);
    expect(record?.attachments.map((a) => [a.name, a.size, a.type])).toEqual([
      ["file 0.bin", MAX_ATTACHMENT_BYTES, "image/jpeg"],
      ["file 1.bin", MAX_ATTACHMENT_BYTES, "image/png"],
      ["file 2.bin", MAX_ATTACHMENT_BYTES, "application/pdf"],
      ["file 3.bin", MAX_ATTACHMENT_BYTES, "application/msword"],
      [
        "file 4.bin",
        MAX_ATTACHMENT_BYTES,
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
    ]);
    for (const [i, original] of originals.entries()) {
      const stored = await openAttachment(id, record!.attachments[i]!.id);
      expect(Buffer.from(await bytesOf(stored!.stream)).equals(Buffer.from(original))).toBe(true);
    }
    // The claimed uploads are gone, bytes and records; only the submission and its attachments remain.
    expect((await storedKeys()).filter((key) => /^(quote-uploads|uploads):/.test(key))).toEqual([]);
  });

  test("a retried part replaces itself; completing twice answers the same", async () => {
    const bytes = files.pdf(UPLOAD_PART_BYTES + 1000);
    const { body } = await create("quote.pdf", bytes.byteLength);
    const first = bytes.slice(0, UPLOAD_PART_BYTES);
    expect((await putPart(body.uploadId, 1, first)).status).toBe(200);
    expect((await putPart(body.uploadId, 1, first)).status).toBe(200);
    expect((await putPart(body.uploadId, 2, bytes.slice(UPLOAD_PART_BYTES))).status).toBe(200);
    const a = await (await complete(body.uploadId)).json();
    const b = await (await complete(body.uploadId)).json();
    expect(a).toEqual({
      id: body.uploadId,
      name: "quote.pdf",
      size: bytes.byteLength,
      type: "application/pdf",
    });
    expect(b).toEqual(a);
  });

  test("a retried submit referencing uploads stores one submission", async () => {
    const { uploadId } = await upload("roof.jpg", files.jpeg(10_000));
    const key = `parts-retry-${crypto.randomUUID()}`;
    const first = await contact(quoteRequest({ uploadIds: [uploadId], idempotencyKey: key }));
    const second = await contact(quoteRequest({ uploadIds: [uploadId], idempotencyKey: key }));
    expect([first.status, second.status]).toEqual([201, 201]);
    const [a, b] = [await first.json(), await second.json()];
    expect(b).toEqual(a);
    const submissions = (await storedKeys()).filter((k) => k.startsWith("leads:"));
    expect(submissions.filter((k) => k.endsWith(a.id))).toHaveLength(1);
  });

  test("ten quotes taking one upload at once: exactly one takes it, and only it may take it again", async () => {
    const { uploadId } = await upload("shared.jpg", files.jpeg(5000));
    const quotes = Array.from({ length: 10 }, () => crypto.randomUUID());
    const taken = await Promise.all(quotes.map((quoteId) => claimUpload(uploadId, quoteId)));
    expect(taken.filter(Boolean)).toHaveLength(1);
    const winner = quotes[taken.indexOf(true)]!;
    expect(await claimUpload(uploadId, winner)).toBe(true);
    expect(
      await claimUpload(
        uploadId,
        quotes.find((quoteId) => quoteId !== winner)!,
      ),
    ).toBe(false);
    expect((await readUpload(uploadId))?.claimedBy).toBe(winner);
  });
});

describe("the upload endpoints refuse bad input with a 4xx", () => {
  test.each([
    ["a path in the name", { name: "../../etc/passwd", size: 10 }, 400],
    ["no name", { size: 10 }, 400],
    ["a size over 5MB", { name: "big.jpg", size: MAX_ATTACHMENT_BYTES + 1 }, 413],
    ["a zero size", { name: "a.jpg", size: 0 }, 400],
    ["a fractional size", { name: "a.jpg", size: 1.5 }, 400],
    ["a size as text", { name: "a.jpg", size: "10" }, 400],
  ])("create with %s", async (_name, body, status) => {
    expect((await createHandler(json(body))).status).toBe(status);
  });

  test("a refused start names the field, as the quote form shows it", async () => {
    const name = await createHandler(json({ name: "a/b.jpg", size: 10 }));
    const nameMessage = "name must be the file's name (no folders, at most 200 characters)";
    expect(await name.json()).toEqual({ error: nameMessage, fieldErrors: { name: [nameMessage] } });
    const size = await createHandler(json({ name: "a.jpg", size: "10" }));
    expect(await size.json()).toMatchObject({ error: "size must be the file's size in bytes" });
    const array = await createHandler(json([1, 2]));
    expect(await array.json()).toMatchObject({ error: "Request body must be a JSON object" });
  });

  test("create with JSON that is not an object, or not JSON", async () => {
    expect((await createHandler(json([1, 2]))).status).toBe(400);
    expect(
      (await createHandler(rawRequest("{nope", "application/json", "POST", "/api/uploads"))).status,
    ).toBe(400);
    expect((await createHandler(rawRequest("name=a", "text/plain", "POST", "/api/uploads"))).status).toBe(
      415,
    );
    expect((await createHandler(new Request(`${BASE}/api/uploads`))).status).toBe(405);
  });

  test("parts: wrong number, wrong size, unknown upload, too large", async () => {
    const { body } = await create("photo.jpg", 1000);
    expect((await putPart(body.uploadId, 2, files.jpeg(1000))).status).toBe(400);
    expect((await putPart(body.uploadId, 0, files.jpeg(1000))).status).toBe(400);
    expect((await putPart(body.uploadId, "../x", files.jpeg(1000))).status).toBe(404);
    expect((await putPart(body.uploadId, 1, files.jpeg(999))).status).toBe(400);
    expect((await putPart(body.uploadId, 1, files.jpeg(1001))).status).toBe(413);
    expect((await putPart(crypto.randomUUID(), 1, files.jpeg(1000))).status).toBe(404);
    expect((await putPart("not-an-id", 1, files.jpeg(1000))).status).toBe(404);
    expect((await complete(body.uploadId)).status).toBe(409);
  });

  test("a program disguised as a .jpg is refused on completion and deleted", async () => {
    const { body } = await create("photo.jpg", 4000);
    expect((await putPart(body.uploadId, 1, files.exe(4000))).status).toBe(200);
    const response = await complete(body.uploadId);
    expect(response.status).toBe(415);
    expect((await response.json()).error).toBe("photo.jpg is not an image, PDF or Word document");
    expect((await storedKeys()).filter((k) => k.includes(body.uploadId))).toEqual([]);
  });

  test("a quote referencing an unfinished upload is refused and stores nothing", async () => {
    const { body } = await create("photo.jpg", 4000);
    const before = await storedKeys();
    const response = await contact(quoteRequest({ uploadIds: [body.uploadId] }));
    expect(response.status).toBe(409);
    expect(await storedKeys()).toEqual(before);
  });
});

describe("expiry", () => {
  test("a finished upload cannot be used by a quote sent after it expired", async () => {
    const { uploadId } = await upload("late.jpg", files.jpeg(3000));
    const fields = new Map(
      Object.entries({ ...VALID_FIELDS, fillTimeMs: "9000", uploadIds: uploadId }).map(([k, v]) => [k, [v]]),
    );
    const later = Date.now() + UPLOAD_TTL_MS + 60_000;
    const before = await storedKeys();
    const client = { key: "test-client", network: "192.0.2.9" };
    await expect(takeQuote({ fields, files: [] }, null, client, later)).rejects.toMatchObject({
      status: 410,
    });
    expect(await storedKeys()).toEqual(before);
  });

  test("unfinished uploads past their hour are deleted by the cleanup; fresh ones stay", async () => {
    const old = await create("old.jpg", 2000);
    expect((await putPart(old.body.uploadId, 1, files.jpeg(2000))).status).toBe(200);
    const later = Date.now() + UPLOAD_TTL_MS + 60_000;

    const { removed, finished } = await cleanupExpiredUploads(later);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(finished).toBe(true);
    expect((await storedKeys()).filter((k) => k.includes(old.body.uploadId))).toEqual([]);

    const fresh = await create("fresh.jpg", 2000);
    expect((await cleanupHandler()).status).toBe(200);
    expect((await storedKeys()).filter((k) => k.includes(fresh.body.uploadId))).toEqual([
      `uploads:${fresh.body.uploadId}`,
    ]);
  });
});
