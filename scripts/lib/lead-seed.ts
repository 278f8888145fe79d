/**
 * Made-up quote requests for trying the desk with many leads (`npm run seed:leads`), the lead
 * benchmark and the browser tests: deterministic (the same seed gives the same leads, ids included,
 * so seeding twice adds nothing the second time), spread over the past months, with the mix a
 * working desk has — Gaelic, Irish and Polish names with their accents, every service and status,
 * campaign sources, price guide estimates, notes, review requests and a few failed e-mails.
 *
 * `insertRecords` stores them in the database in batches: many leads per INSERT, one transaction
 * per batch. The rows are exactly those `insertQuote` writes, because `insertQuote` itself makes
 * them: it runs against a recording connection, and its statements, each with the values of one
 * lead, are joined into multi-row statements (see `recordedStatements`).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import type { LeadNote, LeadSource, LeadStatus } from "../../src/lib/lead-model.ts";
import { PROPERTY_TYPE_IDS } from "../../src/lib/price-guide/answers.ts";
import type { StoredEstimate } from "../../src/lib/price-guide/estimate.ts";
import { computeBand, questionsFor } from "../../src/lib/price-guide/band.ts";
import type { PriceGuide } from "../../src/lib/price-guide/guide-schema.ts";
import { SERVICE_OPTION_VALUES } from "../../src/lib/service-options.ts";
import { database, type Queryable } from "../../netlify/lib/database/database.ts";
import type { NotificationState } from "../../netlify/lib/mail/notification-state.ts";
import { RETRY_WINDOW_MS } from "../../netlify/lib/mail/notification-state.ts";
import { insertQuote, type QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { REFERENCE_ALPHABET, REFERENCE_LENGTH, newReference } from "../../netlify/lib/quote/reference.ts";

// prettier-ignore
const FIRST = [
  "Morag", "Callum", "Isla", "Hamish", "Eilidh", "Fraser", "Kirsty", "Angus", "Mhairi", "Ewan", "Ailsa",
  "Iain", "Catrìona", "Seònaid", "Màiri", "Ruairidh", "Eòghann", "Siobhán", "Niamh", "Pádraig", "Zoë",
  "Chloé", "Renée", "José", "Łukasz", "Agnieszka", "Zofia", "Priya", "Imran", "Aisha", "Jamie", "Ross",
  "Lewis", "Euan", "Rhona", "Fiona", "Douglas", "Gordon", "Sandra", "Moira",
];
// prettier-ignore
const LAST = [
  "MacLeod", "Stewart", "Campbell", "Robertson", "Murray", "Fraser", "Reid", "Ross", "Watson", "MacDonald",
  "Mackenzie", "Grant", "Paterson", "Henderson", "Kerr", "Sinclair", "Buchanan", "Ó Briain", "MacÌomhair",
  "O'Neill", "Kowalski", "Wiśniewska", "Müller", "Núñez", "Khan", "Ahmed", "Singh", "Zieliński", "Brown",
  "Smith", "Wilson", "Thomson", "Morrison", "Dunbar", "Mac an t-Saoir", "Gillespie", "Ferguson", "Baird",
];
const DOMAINS = ["example.co.uk", "example.com", "example.org", "example.net", "example.scot"];
const OPENINGS = [
  "Hi, we have",
  "Hello, we have",
  "Looking for a quote please, we have",
  "Could someone come and look at",
  "After the storm last week there is",
  "Our landlord asked us to get a price for",
  "Good morning, I would like a quote for",
  "We are selling the house and the survey mentions",
];
const PROBLEMS: Record<string, string[]> = {
  "roof-repairs": [
    "a few slates slipped on the back roof",
    "water coming in round the chimney flashing",
    "a leak above the bedroom window after heavy rain",
    "cracked ridge tiles and mortar falling into the gutter",
  ],
  "new-installation": [
    "a new roof on a 1930s semi, the old tiles are spalling",
    "stripping and re-slating a detached sandstone house",
    "a new flat roof membrane on the kitchen extension",
  ],
  roughcasting: [
    "roughcast cracked and coming away on the gable end",
    "a wet dash (harling) finish on a bungalow",
    "blown render round the front door and bay window",
  ],
  "emergency-repair": [
    "a tree branch through the roof, tarpaulin on it for now",
    "slates blown off in the gale and rain coming in",
    "a chimney pot that looks ready to fall onto the pavement",
  ],
  maintenance: [
    "moss on the roof and the valleys need cleared",
    "a yearly check of the roof and gutters on a tenement",
    "loose lead on the skylight and moss in the valley",
  ],
  guttering: [
    "gutters overflowing at the front and a downpipe split",
    "new uPVC gutters, fascia and soffit boards",
    "a sagging gutter dripping onto the path",
  ],
  other: ["a dormer window frame that lets the damp in", "a garage roof with asbestos sheets to replace"],
};
const CLOSINGS = [
  "Weekday mornings suit best.",
  "Please phone rather than e-mail, I am at work all day.",
  "Photos can be sent on WhatsApp if that helps.",
  "It is a top-floor flat, the factor has given permission.",
  "No rush, sometime in the next month is fine.",
  "The neighbours had theirs done last year and recommended you.",
  "Parking is tight, there is a lane at the back.",
  "",
];
/** In about one lead in a thousand: a word to search for that few messages hold. */
export const RARE_WORD = "weathervane";
const RARE_SENTENCE = `The old ${RARE_WORD} on the ridge is loose too.`;
const NOTES = [
  "Phoned, left a message.",
  "Spoke to the customer, visit booked.",
  "Sent the written quote by e-mail.",
  "Customer wants to wait until spring.",
  "Scaffold needed: add to the quote.",
  "Went with another firm (price).",
];
// prettier-ignore
const SOURCES: (LeadSource | undefined)[] = [
  undefined,
  { landingPage: "/" },
  { landingPage: "/services/roof-repairs", referrer: "www.google.com" },
  { landingPage: "/price-guide", referrer: "www.google.co.uk" },
  { landingPage: "/areas/paisley", referrer: "www.bing.com" },
  { landingPage: "/", referrer: "m.facebook.com" },
  { landingPage: "/contact?utm_source=facebook", utmSource: "facebook", utmMedium: "paid_social", utmCampaign: "spring-roofs" },
  { landingPage: "/services/guttering?utm_source=google", utmSource: "google", utmMedium: "cpc", utmCampaign: "gutters" },
  { landingPage: "/?utm_source=newsletter", utmSource: "newsletter", utmMedium: "email", utmCampaign: "autumn-check" },
  { landingPage: "/?utm_source=Nextdoor", utmSource: "Nextdoor", utmMedium: "referral" },
  { landingPage: "/reviews", referrer: "www.checkatrade.com" },
];
const FAILURES = [
  "550 5.1.1 Mailbox unavailable",
  "554 5.7.1 Message rejected as spam",
  "Connection timed out after 30000 ms",
];

const DAY_MS = 24 * 3_600_000;
const MONTH_MS = 30 * DAY_MS;

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32: 32-bit integer steps, no rounding). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The address part of a name: accents and spaces dropped (`Ó Briain` → `obriain`). */
const mailbox = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ł/g, "l")
    .replace(/Ł/g, "L")
    .replace(/[^A-Za-z0-9-]/g, "")
    .toLowerCase();

/**
 * A price guide estimate per job, as the server stores it (netlify/lib/quote/estimate.ts), from
 * content/price-guide.yaml (read here without its schema: the build checks the file).
 */
export async function guideEstimates(): Promise<StoredEstimate[]> {
  const file = join(import.meta.dirname, "..", "..", "content", "price-guide.yaml");
  const guide = (parse(await readFile(file, "utf8")) as { guide: PriceGuide }).guide;
  const estimates: StoredEstimate[] = [];
  for (const [index, job] of guide.jobs.entries()) {
    const questions = questionsFor(job);
    const answers: Record<string, string> = {
      job: job.id,
      property: PROPERTY_TYPE_IDS[index % PROPERTY_TYPE_IDS.length]!,
    };
    if (questions.includes("storeys")) answers.storeys = guide.storeys[index % guide.storeys.length]!.id;
    if (questions.includes("access")) answers.access = guide.access[index % guide.access.length]!.id;
    if (job.finish) answers.finish = job.finish.choices[index % job.finish.choices.length]!.id;
    const result = computeBand(guide, answers);
    if (!result.ok) continue;
    const { label, details, low, high, photosNeeded, reviewed } = result.band;
    estimates.push({
      job: job.id,
      label,
      details,
      answers: result.band.answers,
      low,
      high,
      photosNeeded,
      reviewed,
    });
  }
  return estimates;
}

export interface SeedOptions {
  /** Same seed, same leads. */
  seed?: number;
  /** The newest lead is at most this old (ms since the epoch; default now) … */
  newest?: number;
  /** … and the oldest this many months older (default 18). */
  months?: number;
  /** Every last name starts with this (a word to find the seeded leads by). */
  marker?: string;
  /** Price guide ranges to give about a quarter of the leads (`guideEstimates()`); none without. */
  estimates?: readonly StoredEstimate[];
}

/** A seeded lead and when its e-mails failed, if they did (the `now` insertQuote stores them at). */
export interface SeededLead {
  record: QuoteRecord;
  failedAt?: number;
}

/**
 * `count` leads, created at random over `months` months before `newest`, oldest first. A lead's
 * status, notes and e-mails follow its age: most older leads have moved on, a new lead's e-mails
 * may still be pending, about one in forty has an e-mail that failed.
 */
export function seedLeads(count: number, options: SeedOptions = {}): SeededLead[] {
  const next = random(options.seed ?? 42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const hex = (digits: number) =>
    Array.from({ length: digits }, () => Math.floor(next() * 16).toString(16)).join("");
  const newest = options.newest ?? Date.now();
  const span = (options.months ?? 18) * MONTH_MS;
  const marker = options.marker ?? "";
  const estimates = options.estimates ?? [];
  const references = new Set<string>();
  const reference = () => {
    for (;;) {
      let code = "Q-";
      for (let i = 0; i < REFERENCE_LENGTH; i++) code += pick(REFERENCE_ALPHABET.split(""));
      if (!references.has(code)) return references.add(code) && code;
    }
  };
  const at = (ms: number) => new Date(Math.min(ms, newest)).toISOString();

  const leads = Array.from({ length: count }, (_, index): SeededLead => {
    const created = newest - Math.floor(next() * span);
    const age = newest - created;
    const first = pick(FIRST);
    const last = pick(LAST);
    const service = pick(SERVICE_OPTION_VALUES);
    const sentences = [pick(OPENINGS), `${pick(PROBLEMS[service] ?? PROBLEMS.other!)}.`, pick(CLOSINGS)];
    if (index % 997 === 500) sentences.push(RARE_SENTENCE);
    const phone =
      next() < 0.7
        ? `07700 9${String(Math.floor(next() * 100_000)).padStart(5, "0")}`
        : `0131 496 ${String(Math.floor(next() * 10_000)).padStart(4, "0")}`;
    const record: QuoteRecord = {
      id: `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`,
      createdAt: new Date(created).toISOString(),
      reference: reference(),
      firstName: first,
      lastName: `${marker}${last}`,
      email: `${mailbox(first)}.${mailbox(last)}${index}@${pick(DOMAINS)}`,
      phone,
      serviceRequired: service,
      message: sentences.filter(Boolean).join(" ").replace(/\.\./g, "."),
      attachments: [],
      status: "new",
      notes: [],
    };
    const source = pick(SOURCES);
    if (source) record.source = { ...source };
    if (estimates.length && next() < 0.25) record.estimate = pick(estimates);

    // Most leads older than a fortnight have moved on; fresh ones are mostly new.
    const moved = age > 14 * DAY_MS ? 0.95 : age > DAY_MS ? 0.5 : 0.1;
    const status: LeadStatus =
      next() < moved
        ? pick<LeadStatus>(["contacted", "quoted", "quoted", "won", "completed", "completed", "lost"])
        : "new";
    const changed = created + Math.floor(next() * Math.min(age, 21 * DAY_MS));
    if (status !== "new") {
      record.status = status;
      record.statusChangedAt = at(changed);
    }
    if (
      status === "quoted" ||
      status === "won" ||
      status === "completed" ||
      (status === "lost" && next() < 0.5)
    ) {
      record.quotedAmount = 50 * Math.round((estimates.length ? 300 + next() * 12_000 : 800) / 50);
      record.quotedAt = at(changed);
    }
    const notes: LeadNote[] = [];
    if (status !== "new")
      for (let n = Math.floor(next() * 3); n > 0; n--) notes.push({ at: at(changed), text: pick(NOTES) });
    record.notes = notes;

    // The e-mails: both sent a minute after the quote, pending for the last ten minutes' quotes.
    const giveUpAt = new Date(created + RETRY_WINDOW_MS).toISOString();
    const fresh = age < 10 * 60_000;
    const failing = !fresh && next() < 0.025;
    let failedAt: number | undefined;
    const notifications: NotificationState[] = (["owner", "receipt"] as const).map((kind) => {
      if (fresh) return { kind, status: "pending", attempts: 0, giveUpAt };
      if (failing && kind === "receipt") {
        failedAt = Math.min(created + RETRY_WINDOW_MS, newest);
        return { kind, status: "failed", attempts: 7, giveUpAt, error: pick(FAILURES) };
      }
      return { kind, status: "sent", attempts: 1, giveUpAt, sentAt: at(created + 60_000) };
    });
    if (status === "completed") {
      record.completedAt = at(changed);
      record.review = {};
      notifications.push({
        kind: "review",
        status: "sent",
        attempts: 1,
        giveUpAt: new Date(changed + RETRY_WINDOW_MS).toISOString(),
        sentAt: at(changed + 60_000),
      });
    }
    record.notifications = notifications;
    return failedAt === undefined ? { record } : { record, failedAt };
  });
  return leads.sort((a, b) => a.record.createdAt.localeCompare(b.record.createdAt));
}

/** The records of `seedLeads` alone (their e-mails failed, if they did, when they were stored). */
export function seedRecords(count: number, options: SeedOptions = {}): QuoteRecord[] {
  return seedLeads(count, options).map((lead) => lead.record);
}

// ---------------------------------------------------------------------------------------------
// Storing many at once

interface Statement {
  text: string;
  values: unknown[];
}

/** The statements `insertQuote(record, now)` sends inside its transaction, recorded instead of sent. */
async function recordedStatements(leads: readonly SeededLead[]): Promise<Statement[][]> {
  const pool = database() as unknown as { connect: () => Promise<unknown> };
  const own = Object.hasOwn(pool, "connect");
  const connect = pool.connect;
  let statements: Statement[] = [];
  const recorder: Queryable & { release(): void } = {
    query: <Row>(text: string, values: readonly unknown[] = []) => {
      if (!/^(BEGIN|COMMIT|ROLLBACK)$/.test(text)) statements.push({ text, values: [...values] });
      return Promise.resolve({ rows: [] as Row[], rowCount: 1 });
    },
    release: () => undefined,
  };
  const perLead: Statement[][] = [];
  pool.connect = () => Promise.resolve(recorder);
  try {
    for (const lead of leads) {
      statements = [];
      await insertQuote(lead.record, lead.failedAt ?? Date.now());
      perLead.push(statements);
    }
  } finally {
    if (own) pool.connect = connect;
    else delete (pool as { connect?: unknown }).connect;
  }
  return perLead;
}

/** `INSERT … VALUES (tuple) rest` split at the tuple (the tuple's own brackets balanced). */
function splitInsert(text: string): { head: string; tuple: string; rest: string } {
  const values = text.indexOf("VALUES (");
  if (!text.startsWith("INSERT INTO") || values < 0) throw new Error(`Not an INSERT: ${text.slice(0, 60)}`);
  const open = values + "VALUES ".length;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0)
      return { head: text.slice(0, values), tuple: text.slice(open, i + 1), rest: text.slice(i + 1) };
  }
  throw new Error("Unbalanced VALUES");
}

/**
 * One statement for many recorded ones of the same text: their tuples one after the other, the
 * placeholders renumbered (`$3` of the second row becomes `$3 + n`). `suffix` is added at the end.
 */
function joined(statements: readonly Statement[], suffix = ""): Statement {
  const { head, tuple, rest } = splitInsert(statements[0]!.text);
  const tuples: string[] = [];
  const values: unknown[] = [];
  for (const statement of statements) {
    if (statement.text !== statements[0]!.text) throw new Error("Different statements cannot be joined");
    const offset = values.length;
    tuples.push(tuple.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`));
    values.push(...statement.values);
  }
  return { text: `${head}VALUES ${tuples.join(",\n")}${rest}${suffix}`, values };
}

/** Rows per statement: PostgreSQL takes at most 65,535 values in one. */
const MAX_VALUES = 60_000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** Runs the recorded INSERTs of one kind as multi-row INSERTs; the ids they inserted when `returning`. */
async function runJoined(
  client: Queryable,
  statements: readonly Statement[],
  returning: boolean,
): Promise<string[]> {
  const ids: string[] = [];
  const byText = new Map<string, Statement[]>();
  for (const statement of statements)
    byText.set(statement.text, [...(byText.get(statement.text) ?? []), statement]);
  for (const group of byText.values()) {
    const perStatement = Math.max(1, Math.floor(MAX_VALUES / group[0]!.values.length));
    for (const chunk of chunks(group, perStatement)) {
      const { text, values } = joined(chunk, returning ? " RETURNING id" : "");
      const { rows } = await client.query<{ id: string }>(text, values);
      ids.push(...rows.map((row) => row.id));
    }
  }
  return ids;
}

/** References of these leads that were issued already, to other leads (erased ones included). */
async function takenReferences(client: Queryable, records: readonly QuoteRecord[]): Promise<Set<string>> {
  const { rows } = await client.query<{ reference: string }>(
    `SELECT issued.reference FROM issued_references issued
      WHERE issued.reference = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM leads WHERE leads.reference = issued.reference AND leads.id = ANY($2::uuid[]))`,
    [records.map((record) => record.reference), records.map((record) => record.id)],
  );
  return new Set(rows.map((row) => row.reference));
}

/** Runs `work` when no other call of `exclusive` is running (the recording borrows the pool's `connect`). */
let queue: Promise<unknown> = Promise.resolve();
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Stores the leads as `insertQuote` would, `batch` leads per transaction, `parallel` transactions
 * at once, each on a connection of its own. A lead whose id is stored already is left as it is
 * (with its e-mails): seeding twice adds nothing. A reference another lead holds already is drawn
 * again, as insertQuote does. Returns how many leads were added.
 */
export async function insertLeads(
  leads: readonly SeededLead[],
  options: { batch?: number; parallel?: number; progress?: (done: number) => void } = {},
): Promise<number> {
  const batches = chunks(leads, options.batch ?? 1000);
  let added = 0;
  let done = 0;
  let nextBatch = 0;
  // Taken before any recording starts: while one runs, nothing else may ask the pool for a connection.
  const clients = await Promise.all(
    Array.from(
      { length: Math.min(options.parallel ?? 4, batches.length) },
      async () => (await database().connect()) as Queryable & { release(): void },
    ),
  );
  const work = async (client: Queryable) => {
    while (nextBatch < batches.length) {
      const batch = batches[nextBatch++]!;
      const taken = await takenReferences(
        client,
        batch.map((lead) => lead.record),
      );
      const ready = batch.map((lead) =>
        lead.record.reference && taken.has(lead.record.reference)
          ? { ...lead, record: { ...lead.record, reference: newReference() } }
          : lead,
      );
      const perLead = await exclusive(() => recordedStatements(ready));
      const leadRows = perLead.map((statements) => statements[0]!);
      if (leadRows.some((statement) => !statement.text.startsWith("INSERT INTO leads ")))
        throw new Error(
          "insertQuote no longer starts with the lead's row: scripts/lib/lead-seed.ts needs a look",
        );
      await client.query("BEGIN");
      try {
        // What insertQuote writes after the lead's row (its reference, its e-mails), for the
        // leads that were not there yet.
        const inserted = new Set(await runJoined(client, leadRows, true));
        const rest = perLead.flatMap((statements) =>
          inserted.has(statements[0]!.values[0] as string) ? statements.slice(1) : [],
        );
        if (rest.length) await runJoined(client, rest, false);
        await client.query("COMMIT");
        added += inserted.size;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      }
      done += batch.length;
      options.progress?.(done);
    }
  };
  try {
    await Promise.all(clients.map(work));
  } finally {
    for (const client of clients) client.release();
  }
  return added;
}
