/**
 * The Blobs server breaks in the middle of a quote commit and an upload part: the caller gets a
 * clear 503 JSON, a retry succeeds, no half-written lead is ever visible, and what an interrupted
 * commit left behind is removed by the scheduled cleanup. What keeps no bytes (a quote without
 * files, the gallery's order, signing in) does not need the store at all: Blobs hold bytes only.
 * (A database that stops answering: database-outage.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cleanupOrphanAttachments, ORPHAN_GRACE_MS } from "../../netlify/lib/quote/orphans.ts";
import { getStore } from "@netlify/blobs";
import { ATTACHMENT_STORE, openAttachment } from "../../netlify/lib/quote/attachment-store.ts";
import { existingQuoteIds } from "../../netlify/lib/quote/quote-store.ts";

/**
 * Ids with attachment bytes but no lead row: quotes whose commit was interrupted. Read by listing
 * the store, which nothing writes to meanwhile; the cleanup itself never lists it.
 */
async function listAttachmentOwnersWithoutRecord(): Promise<string[]> {
  const { blobs } = await getStore({ name: ATTACHMENT_STORE, consistency: "strong" }).list({
    prefix: "attachments/",
  });
  const owners = [...new Set(blobs.map((blob) => blob.key.split("/")[1]!))];
  const committed = await existingQuoteIds(owners);
  return owners.filter((id) => !committed.has(id)).sort();
}
import { STORAGE_OUTAGE_MESSAGE } from "../../netlify/lib/http/http-error.ts";
import {
  adminCookie,
  contextFor,
  cookieFrom,
  TEST_ADMIN_PASSWORD,
  useAdminTestEnv,
} from "./admin-session.ts";
import { addGalleryItem, callApi } from "./api-client.ts";
import { startFaultyBlobs } from "./faulty-blobs.ts";
import { pngImage } from "./gallery-fixtures.ts";
import { files, quoteRequest, storedQuotes } from "./quote-fixtures.ts";
import handleContact from "../../netlify/functions/contact.mts";

let blobs: Awaited<ReturnType<typeof startFaultyBlobs>>;

/**
 * Each quote comes from its own visitor address (the per-client upload quota would refuse one
 * address long before the test ends); the retries of a quote share its address.
 */
let visitors = 0;
const nextVisitor = () => {
  visitors += 1;
  return `198.18.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`;
};
const contact = (req: Request, visitor = nextVisitor()) => handleContact(req, contextFor(visitor));
let cookie: string;

beforeAll(async () => {
  useAdminTestEnv();
  blobs = await startFaultyBlobs();
  cookie = await adminCookie();
});
afterAll(async () => blobs.stop());

/** Runs `call` with the store failing after `step` requests, and heals it whatever happens. */
async function whileBroken(
  step: number,
  call: () => Promise<Response>,
  how: "refuse" | "drop-response" = "refuse",
): Promise<Response> {
  blobs.breakAfter(step, how);
  try {
    return await call();
  } finally {
    blobs.heal();
  }
}

async function expectOutage(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(await response.json()).toEqual({ error: STORAGE_OUTAGE_MESSAGE });
}

/** Every visible lead is whole: each attachment it lists is readable with its recorded size. */
async function expectNoHalfWrittenLead() {
  for (const record of await storedQuotes()) {
    for (const attachment of record.attachments) {
      const stored = await openAttachment(record.id, attachment.id);
      expect(stored, `${record.id}/${attachment.id}`).not.toBeNull();
      expect((await new Response(stored!.stream).arrayBuffer()).byteLength).toBe(attachment.size);
    }
  }
}

const ATTACHMENTS = () => [
  { name: "front.jpg", bytes: files.jpeg(30_000) },
  { name: "plan.pdf", bytes: files.pdf(20_000) },
];

describe("a quote commit interrupted at every step", () => {
  let steps = 0;

  test("a clean commit takes a known number of store requests", async () => {
    const before = blobs.requests;
    const response = await contact(
      quoteRequest({ idempotencyKey: "fault-baseline-0000", attachments: ATTACHMENTS() }),
    );
    expect(response.status).toBe(201);
    steps = blobs.requests - before;
    // At least the two attachments' bytes.
    expect(steps).toBeGreaterThanOrEqual(2);
  });

  for (const how of ["refuse", "drop-response"] as const) {
    test(`store ${how === "refuse" ? "refusing" : "dropping answers"} after each step: 503, then one whole quote on retry`, async () => {
      for (let step = 0; step < steps; step += 1) {
        const message = `Fault ${how} at step ${step}: slates off the ridge.`;
        const lastName = `Fault${how === "refuse" ? "Refuse" : "Drop"}${String.fromCharCode(65 + step)}`;
        const key = `fault-${how}-${String(step).padStart(3, "0")}`;
        const visitor = nextVisitor();
        const request = () =>
          quoteRequest({ idempotencyKey: key, attachments: ATTACHMENTS(), fields: { message, lastName } });

        const failed = await whileBroken(step, () => contact(request(), visitor), how);
        // A dropped answer to the record write means the quote is in fact stored; anything else fails.
        if (failed.status !== 201) await expectOutage(failed);
        await expectNoHalfWrittenLead();

        const retried = await contact(request(), visitor);
        expect(retried.status, `step ${step}`).toBe(201);
        const again = await contact(request(), visitor);
        expect(await again.json()).toEqual(await retried.json());
        const stored = (await storedQuotes()).filter((record) => record.message === message);
        expect(stored, `step ${step}`).toHaveLength(1);
        expect(stored[0]!.attachments.map((a) => a.name)).toEqual(["front.jpg", "plan.pdf"]);
        // The desk finds it, once: its index entry is written before its record.
        const listed = await callApi("GET", `/api/admin/contact-submissions?q=${lastName}`, { cookie });
        expect(listed.headers.get("x-total-count"), `step ${step}`).toBe("1");
        expect(((await listed.json()) as { id: string }[]).map((quote) => quote.id)).toEqual([stored[0]!.id]);
      }
      await expectNoHalfWrittenLead();
    }, 60_000);
  }

  test("attachments of a commit that never completed are removed by the scheduled cleanup", async () => {
    // Without an idempotency key, broken after each step in turn: some attempts stop after writing
    // attachments but before the record.
    for (let step = 0; step < steps; step += 1) {
      const message = `Never retried ${step}.`;
      const response = await whileBroken(step, () =>
        contact(quoteRequest({ attachments: ATTACHMENTS(), fields: { message } })),
      );
      if (response.status !== 201) {
        await expectOutage(response);
        expect((await storedQuotes()).some((record) => record.message === message)).toBe(false);
      }
    }
    const orphans = await listAttachmentOwnersWithoutRecord();
    expect(orphans.length).toBeGreaterThan(0);

    const now = Date.now();
    expect(await cleanupOrphanAttachments(now)).toBe(0); // first seen: kept while a retry may come
    expect(await listAttachmentOwnersWithoutRecord()).toEqual(orphans);
    // At least those: an attempt broken before its first file was written left a record of files
    // and no bytes, which goes too.
    expect(await cleanupOrphanAttachments(now + ORPHAN_GRACE_MS)).toBeGreaterThanOrEqual(orphans.length);
    expect(await listAttachmentOwnersWithoutRecord()).toEqual([]);
    await expectNoHalfWrittenLead();
  });

  test("with the store down a quote with files answers 503 and stores nothing; one without files is stored", async () => {
    const before = (await storedQuotes()).length;
    await expectOutage(
      await whileBroken(0, () =>
        contact(quoteRequest({ attachments: ATTACHMENTS(), fields: { message: "Store down." } })),
      ),
    );
    expect(await storedQuotes()).toHaveLength(before);
    const plain = await whileBroken(0, () =>
      contact(quoteRequest({ fields: { message: "Store down, no files." } })),
    );
    expect(plain.status).toBe(201);
    expect(await storedQuotes()).toHaveLength(before + 1);
  });
});

describe("an upload part", () => {
  test("a part whose write fails answers 503; sent again it is stored and the upload completes", async () => {
    const bytes = files.jpeg(4000);
    const created = await callApi("POST", "/api/uploads", {
      body: { name: "roof.jpg", size: bytes.byteLength },
    });
    const { uploadId } = (await created.json()) as { uploadId: string };
    const part = () =>
      callApi("PUT", `/api/uploads/${uploadId}/parts/1`, {
        body: bytes,
        headers: { "Content-Type": "application/octet-stream" },
      });
    // The upload's record is a row; the part's write, the first store request, fails.
    await expectOutage(await whileBroken(0, part));
    expect((await part()).status).toBe(200);
    const complete = await callApi("POST", `/api/uploads/${uploadId}/complete`);
    expect(complete.status).toBe(200);
    expect(await complete.json()).toMatchObject({ size: 4000, type: "image/jpeg" });
  });
});

describe("a gallery reorder", () => {
  test("needs no store request: with the store down the order changes whole", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(await addGalleryItem(cookie, `R${i}`, await pngImage(30 + i, 20)));
    }
    const order = async () =>
      ((await (await callApi("GET", "/api/gallery")).json()) as { id: string }[]).map((i) => i.id);
    const reversed = [...(await order())].reverse();
    const before = blobs.requests;
    const reordered = await whileBroken(0, () =>
      callApi("POST", "/api/admin/gallery/reorder", { body: { imageIds: reversed }, cookie }),
    );
    expect(reordered.status).toBe(200);
    expect(blobs.requests).toBe(before);
    expect(await order()).toEqual(reversed);
  });
});

describe("a login", () => {
  test("signing in and the session check need no store request: they work with the store down", async () => {
    const before = blobs.requests;
    const signedIn = await whileBroken(0, () =>
      callApi("POST", "/api/admin/login", { body: { password: TEST_ADMIN_PASSWORD }, ip: "203.0.113.40" }),
    );
    expect(signedIn.status).toBe(200);
    const session = cookieFrom(signedIn);
    const checked = await whileBroken(0, () => callApi("GET", "/api/admin/session", { cookie: session }));
    expect(checked.status).toBe(200);
    expect(blobs.requests).toBe(before);
  });
});
