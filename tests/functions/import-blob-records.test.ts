/**
 * npm run import:blob-records on a copy of a store as the code before the database wrote it
 * (git show 90a7605:netlify/lib/quote/quote-store.ts and its siblings), against a real Blobs server
 * and a real PostgreSQL: every record becomes rows, erased leads never do, and a second run changes
 * nothing.
 */
import { getStore } from "@netlify/blobs";
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, test } from "vitest";
import { searchTextOf } from "../../netlify/lib/quote/lead-search.ts";
import { readQuote, type QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { sourceLabel } from "../../src/lib/lead-model.ts";
import { importBlobRecords, type ImportResult } from "../../scripts/import-blob-records.ts";
import type { BlobsTarget } from "../../scripts/lib/backup-store.ts";
import { backupTarget, useBlobs } from "./blobs.ts";
import { queryRecords } from "./database.ts";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "..", "..");

let target: BlobsTarget;

const store = (name: string) => getStore({ name, consistency: "strong" });

// The leads of the old store.
const WORKED = "3f1c2a9e-7b4d-4e8a-9c1f-2d3e4f5a6b7c"; // every field the desk added, an attachment, e-mails sent
const OLDEST = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"; // stored before references and e-mails existed
const FAILED = "5d6e7f80-9a1b-4c2d-8e3f-4a5b6c7d8e9f"; // its owner e-mail failed (follow-up mark)
const ERASED = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b"; // erased by the owner; the record outlived it
const EXPIRED = "7c6b5a4f-3e2d-4c1b-9a0f-8e7d6c5b4a3f"; // erased by retention; nothing left but its tombstone
const UNINDEXED = "2b3c4d5e-6f70-4a8b-9c0d-1e2f3a4b5c6d"; // the lead index lost it: no change entry
const BROKEN = "4c5d6e7f-8091-4a2b-8c3d-4e5f6a7b8c9d"; // a write cut off: not JSON

/** The gallery's items as its index held them: newest first in the owner's order. */
const GALLERY_ITEMS = [
  {
    id: "6a1d0f2e-4b3c-4d5e-8f60-718293a4b5c6",
    title: "Roughcast refresh",
    description: "Harled and painted",
    imageUrl: "/media/gallery/0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
    category: "roughcasting",
    area: "stirling",
    width: 2048,
    height: 1536,
    createdAt: "2026-10-02T12:00:00.000Z",
  },
  {
    id: "1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b",
    title: "Slate roof repair",
    location: "Kippen",
    imageUrl: "/media/gallery/9f8e7d6c-5b4a-4938-8271-605f4e3d2c1b",
    category: "repairs",
    createdAt: "2026-09-01T12:00:00.000Z",
  },
];

const KEY_HASH = "b".repeat(64);
const ERASED_KEY_HASH = "e".repeat(64);

const base = (id: string, createdAt: string, firstName: string) => ({
  firstName,
  lastName: "MacLeod",
  email: `${firstName.toLowerCase()}@example.co.uk`,
  phone: "07700 900123",
  serviceRequired: "roof-repairs",
  message: `Slates off the back of the roof after the storm (${firstName}).`,
  id,
  createdAt,
  attachments: [] as unknown[],
});

const worked = {
  ...base(WORKED, "2026-11-02T09:15:00.000Z", "Morag"),
  attachments: [{ id: "1", name: "roof.jpg", size: 5, type: "image/jpeg" }],
  reference: "Q-7KX9PM",
  status: "quoted",
  notes: [{ at: "2026-11-03T10:00:00.000Z", text: "Visited, needs 20 slates" }],
  source: { landingPage: "/services/roof-repairs", referrer: "www.google.com", utmSource: "google" },
  notifications: [
    {
      kind: "owner",
      status: "sent",
      attempts: 1,
      sentAt: "2026-11-02T09:15:03.000Z",
      giveUpAt: "2026-11-03T09:15:00.000Z",
    },
    {
      kind: "receipt",
      status: "sent",
      attempts: 1,
      sentAt: "2026-11-02T09:15:04.000Z",
      giveUpAt: "2026-11-03T09:15:00.000Z",
    },
  ],
  estimate: {
    job: "slate-repair",
    label: "Slate repair",
    details: "A few slates",
    answers: {},
    low: 250,
    high: 600,
    photosNeeded: false,
    reviewed: "2026-10",
  },
  quotedAmount: 480,
  quotedAt: "2026-11-04T12:00:00.000Z",
  statusChangedAt: "2026-11-04T12:00:00.000Z",
  revision: 3,
  idempotencyKeyHash: KEY_HASH,
};

const oldest = base(OLDEST, "2025-06-10T08:00:00.000Z", "Angus");

const failed = {
  ...base(FAILED, "2026-11-10T14:00:00.000Z", "Eilidh"),
  reference: "Q-2HQ4RT",
  status: "new",
  notes: [],
  notifications: [
    {
      kind: "owner",
      status: "failed",
      attempts: 6,
      error: "550 mailbox unavailable",
      giveUpAt: "2026-11-11T14:00:00.000Z",
    },
    {
      kind: "receipt",
      status: "sent",
      attempts: 1,
      sentAt: "2026-11-10T14:00:05.000Z",
      giveUpAt: "2026-11-11T14:00:00.000Z",
    },
  ],
};
const FAILED_AT = "2026-11-11T14:02:00.000Z";

const erasedLead = {
  ...base(ERASED, "2026-11-05T11:00:00.000Z", "Fiona"),
  reference: "Q-9ZZ8YY",
  idempotencyKeyHash: ERASED_KEY_HASH,
};
const unindexed = {
  ...base(UNINDEXED, "2026-11-12T16:30:00.000Z", "Hamish"),
  reference: "Q-5MN6PQ",
  status: "new",
  notes: [],
  notifications: [
    {
      kind: "owner",
      status: "pending",
      attempts: 1,
      nextAttemptAt: "2026-11-12T16:35:00.000Z",
      giveUpAt: "2026-11-13T16:30:00.000Z",
    },
    {
      kind: "receipt",
      status: "skipped",
      attempts: 0,
      reason: "a receipt went to this address today",
      giveUpAt: "2026-11-13T16:30:00.000Z",
    },
  ],
};

/** The old stores, as the code before the database left them. */
async function writeOldStores(): Promise<void> {
  const quotes = store("quote-submissions");
  for (const record of [worked, oldest, failed, erasedLead, unindexed])
    await quotes.setJSON(`submissions/${record.id}`, record);
  await quotes.set(`submissions/${BROKEN}`, '{"id":"' + BROKEN + '","firstName":"Tr');
  await quotes.set(`attachments/${WORKED}/1`, new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0])]), {
    metadata: worked.attachments[0],
  });
  for (const record of [worked, failed, erasedLead, unindexed])
    await quotes.setJSON(`references/${record.reference}`, { quoteId: record.id });
  await quotes.setJSON(`idempotency/${KEY_HASH}`, { quoteId: WORKED, createdAt: worked.createdAt });
  await quotes.setJSON(`idempotency/${ERASED_KEY_HASH}`, {
    quoteId: ERASED,
    createdAt: erasedLead.createdAt,
  });
  await quotes.setJSON(`outbox/${UNINDEXED}`, { createdAt: unindexed.createdAt });

  await store("erased-leads").setJSON(`erased/2026-11/${ERASED}`, {
    id: ERASED,
    erasedAt: "2026-11-20T10:00:00.000Z",
  });
  await store("erased-leads").setJSON(`erased/2026-11/${EXPIRED}`, {
    id: EXPIRED,
    erasedAt: "2026-11-21T03:00:00.000Z",
  });

  const audit = store("admin-audit");
  /** An event as the audit log stored it: under the UTC day and the milliseconds of its time. */
  const event = async (entry: { at: string; event: string; [field: string]: unknown }, random: string) =>
    audit.setJSON(
      `events/${entry.at.slice(0, 10)}/${String(Date.parse(entry.at)).padStart(15, "0")}-${random}`,
      entry,
    );
  await event({ at: "2026-11-20T09:59:00.000Z", event: "sign-in" }, "a1b2c3d4");
  await event({ at: "2026-11-20T10:00:00.000Z", event: "erase", leadId: ERASED }, "b2c3d4e5");
  await event({ at: "2026-11-20T10:05:00.000Z", event: "export", count: 4 }, "c3d4e5f6");
  // Two failed sign-ins in the same millisecond: two events, not one.
  await event({ at: "2026-11-20T11:00:00.000Z", event: "sign-in-failed" }, "d4e5f6a7");
  await event({ at: "2026-11-20T11:00:00.000Z", event: "sign-in-failed" }, "e5f6a7b8");
  await event({ at: "2026-11-21T03:00:00.000Z", event: "retention-erase", leadId: EXPIRED }, "f6a7b8c9");

  const followUp = store("follow-up");
  await followUp.setJSON(`failed-mail/${FAILED}`, { failedAt: FAILED_AT });
  await followUp.setJSON("digests/2026-11-24", {
    state: "sent",
    attempts: 1,
    updatedAt: "2026-11-24T07:00:04.000Z",
    items: 2,
  });
  await followUp.setJSON("digests/2026-11-25", {
    state: "failed",
    attempts: 2,
    updatedAt: "2026-11-25T07:10:00.000Z",
    error: "connection refused",
  });

  await store("price-guide-calibration").setJSON("points", {
    points: [
      {
        id: WORKED,
        job: "slate-repair",
        label: "Slate repair",
        low: 250,
        high: 600,
        quotedAmount: 480,
        quotedAt: worked.quotedAt,
      },
    ],
  });
  // The gallery's one index, in the owner's order, and a local run's seed mark.
  await store("gallery").setJSON("index", { items: GALLERY_ITEMS });
  await store("gallery").set("seeded", "2026-11-01T08:00:00.000Z");
  // The lead index's change entries: every lead but UNINDEXED (lost by the index; the import lists keys).
  for (const record of [worked, oldest, failed]) {
    const ms = Date.parse(record.createdAt);
    const hour = record.createdAt.slice(0, 13).replace("T", "/").replaceAll("-", "/");
    await store("lead-index").setJSON(`changes/${hour}/${ms}-${record.id}-0a1b2c3d`, {
      id: record.id,
      createdAt: record.createdAt,
      rev: 0,
      row: { id: record.id, createdAt: record.createdAt },
    });
  }
}

/** Every row of every table, as PostgreSQL's JSON, in key order. */
async function allRows(): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const [table, key] of Object.entries({
    leads: "id",
    mail_jobs: "lead_id, kind, id",
    idempotency_keys: "key_hash",
    erased_leads: "lead_id",
    activity_log: "id",
    owner_digests: "day",
    gallery_items: "display_order",
    gallery_seed: "only_row",
  })) {
    const rows = await queryRecords<{ row: string }>(
      `SELECT to_jsonb(t)::text AS row FROM ${table} t ORDER BY ${key}`,
    );
    result[table] = rows.map((row) => row.row);
  }
  return result;
}

const blobs = useBlobs();
beforeAll(async () => {
  target = backupTarget(blobs).blobs;
  await writeOldStores();
});

describe("npm run import:blob-records", () => {
  let first: ImportResult;

  test("copies every record the old stores hold, leads the index lost included, and no erased lead", async () => {
    first = await importBlobRecords(target);
    expect(first.leads).toEqual({ found: 6, imported: 4, alreadyThere: 0, skippedErased: 1, invalid: 1 });
    expect(first.tombstones).toEqual({
      found: 2,
      imported: 2,
      alreadyThere: 0,
      skippedErased: 0,
      invalid: 0,
    });
    expect(first.idempotencyKeys).toEqual({
      found: 2,
      imported: 1,
      alreadyThere: 0,
      skippedErased: 1,
      invalid: 0,
    });
    expect(first.activityLog).toEqual({
      found: 6,
      imported: 6,
      alreadyThere: 0,
      skippedErased: 0,
      invalid: 0,
    });
    expect(first.digests).toEqual({ found: 2, imported: 2, alreadyThere: 0, skippedErased: 0, invalid: 0 });
    expect(first.galleryItems).toEqual({
      found: 2,
      imported: 2,
      alreadyThere: 0,
      skippedErased: 0,
      invalid: 0,
    });
    expect(first.problems).toEqual([expect.stringContaining(`submissions/${BROKEN}`)]);
    expect(first.notCopied).toMatchObject({
      "quote-submissions references/": 4,
      "quote-submissions outbox/": 1,
      "price-guide-calibration": 1,
      "lead-index": 3,
    });

    const ids = (await queryRecords<{ id: string }>("SELECT id FROM leads ORDER BY id")).map((row) => row.id);
    expect(ids).toEqual([OLDEST, UNINDEXED, WORKED, FAILED].sort());
    expect(ids).not.toContain(ERASED);
    expect(await queryRecords("SELECT * FROM mail_jobs WHERE lead_id = $1", [ERASED])).toEqual([]);
  });

  test("every field of a worked lead lands in its column, and the record reads back as it was", async () => {
    const [row] = await queryRecords<Record<string, unknown>>("SELECT * FROM leads WHERE id = $1", [WORKED]);
    expect(row).toMatchObject({
      reference: "Q-7KX9PM",
      first_name: "Morag",
      service: "roof-repairs",
      status: "quoted",
      quoted_amount: 480,
      quoted_at: new Date(worked.quotedAt),
      status_changed_at: new Date(worked.statusChangedAt),
      idempotency_key_hash: KEY_HASH,
      attachments: worked.attachments,
      notes: worked.notes,
      source: worked.source,
      estimate: worked.estimate,
      source_label: sourceLabel(worked.source),
      search_text: searchTextOf(worked as unknown as QuoteRecord),
    });
    const { revision: _revision, ...rest } = worked;
    expect(await readQuote(WORKED)).toMatchObject(rest);
    expect(await queryRecords("SELECT lead_id, created_at FROM idempotency_keys")).toEqual([
      { lead_id: WORKED, created_at: new Date(worked.createdAt) },
    ]);
  });

  test("a lead from before references and e-mails: no reference, no e-mail rows, status new", async () => {
    const [row] = await queryRecords<Record<string, unknown>>("SELECT * FROM leads WHERE id = $1", [OLDEST]);
    expect(row).toMatchObject({
      reference: null,
      status: "new",
      notes: [],
      source: null,
      source_label: sourceLabel(undefined),
    });
    expect(await queryRecords("SELECT * FROM mail_jobs WHERE lead_id = $1", [OLDEST])).toEqual([]);
  });

  test("a failed e-mail failed when the follow-up list says; the others keep their state", async () => {
    const emails = await queryRecords<Record<string, unknown>>(
      "SELECT kind, status, attempts, error, failed_at, sent_at FROM mail_jobs WHERE lead_id = $1 ORDER BY kind",
      [FAILED],
    );
    expect(emails).toEqual([
      {
        kind: "owner",
        status: "failed",
        attempts: 6,
        error: "550 mailbox unavailable",
        failed_at: new Date(FAILED_AT),
        sent_at: null,
      },
      {
        kind: "receipt",
        status: "sent",
        attempts: 1,
        error: null,
        failed_at: null,
        sent_at: new Date("2026-11-10T14:00:05.000Z"),
      },
    ]);
    const unindexedEmails = await queryRecords<Record<string, unknown>>(
      `SELECT kind, status, CASE WHEN status = 'pending' THEN due_at END AS next_attempt_at, reason
         FROM mail_jobs WHERE lead_id = $1 ORDER BY kind`,
      [UNINDEXED],
    );
    expect(unindexedEmails).toEqual([
      {
        kind: "owner",
        status: "pending",
        next_attempt_at: new Date("2026-11-12T16:35:00.000Z"),
        reason: null,
      },
      {
        kind: "receipt",
        status: "skipped",
        next_attempt_at: null,
        reason: "a receipt went to this address today",
      },
    ]);
  });

  test("tombstones keep who erased the lead; the activity log and the digests come across", async () => {
    expect(
      await queryRecords("SELECT lead_id, erased_at, erased_by FROM erased_leads ORDER BY erased_at"),
    ).toEqual([
      { lead_id: ERASED, erased_at: new Date("2026-11-20T10:00:00.000Z"), erased_by: "owner" },
      { lead_id: EXPIRED, erased_at: new Date("2026-11-21T03:00:00.000Z"), erased_by: "retention" },
    ]);
    const events = await queryRecords<{ event: string; lead_id: string | null; count: number | null }>(
      "SELECT event, lead_id, count FROM activity_log ORDER BY at, id",
    );
    expect(events.map((e) => e.event)).toEqual([
      "sign-in",
      "erase",
      "export",
      "sign-in-failed",
      "sign-in-failed",
      "retention-erase",
    ]);
    expect(events[2]!.count).toBe(4);
    expect(
      await queryRecords("SELECT day::text, state, attempts, items, error FROM owner_digests ORDER BY day"),
    ).toEqual([
      { day: "2026-11-24", state: "sent", attempts: 1, items: 2, error: null },
      { day: "2026-11-25", state: "failed", attempts: 2, items: null, error: "connection refused" },
    ]);
  });

  test("the gallery's items keep their order, texts and images; the seed mark comes across", async () => {
    const { listItems } = await import("../../netlify/lib/gallery/gallery-store.ts");
    expect(await listItems()).toEqual(GALLERY_ITEMS.map((item, displayOrder) => ({ ...item, displayOrder })));
    expect(await queryRecords("SELECT seeded_at FROM gallery_seed")).toEqual([
      { seeded_at: new Date("2026-11-01T08:00:00.000Z") },
    ]);
  });

  test("running it twice changes nothing and says everything was already there", async () => {
    const before = await allRows();
    const second = await importBlobRecords(target);
    expect(second.leads).toEqual({ found: 6, imported: 0, alreadyThere: 4, skippedErased: 1, invalid: 1 });
    expect(second.tombstones).toMatchObject({ imported: 0, alreadyThere: 2 });
    expect(second.idempotencyKeys).toMatchObject({ imported: 0, alreadyThere: 1, skippedErased: 1 });
    expect(second.activityLog).toMatchObject({ imported: 0, alreadyThere: 6 });
    expect(second.digests).toMatchObject({ imported: 0, alreadyThere: 2 });
    expect(second.galleryItems).toMatchObject({ imported: 0, alreadyThere: 2 });
    expect(await allRows()).toEqual(before);
    // Blobs are left as they were: the attachment is where the desk reads it.
    expect(
      await store("quote-submissions").get(`attachments/${WORKED}/1`, { type: "arrayBuffer" }),
    ).not.toBeNull();
  });

  test("the command prints the counts, and exits 1 for the entry it could not read", async () => {
    // The command opens the test server's folder as a local sandbox, beside this file's database.
    const cli = await run(process.execPath, [join(ROOT, "scripts", "import-blob-records.ts")], {
      cwd: ROOT,
      env: { ...process.env, BLOBS_DIRECTORY: blobs.directory },
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(cli.code).toBe(1);
    expect(cli.stdout).toMatch(
      /^leads +found 6, imported 0, already there 4, skipped as erased 1, invalid 1$/m,
    );
    expect(cli.stdout).toMatch(/^tombstones +found 2, imported 0, already there 2/m);
    expect(cli.stdout).toContain(`problem: quote-submissions/submissions/${BROKEN}`);
  });
});
