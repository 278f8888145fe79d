/**
 * Attachment quotas (docs/security.md, "Abuse limits"): every attachment a quote can carry, sent in
 * parts (POST /api/uploads) or inline (POST /api/contact), is charged here before anything is stored.
 *
 * - Per client (IPv4 address or IPv6 /64, client-key.ts): at most CLIENT_MAX_FILES files and
 *   CLIENT_MAX_BYTES in any CLIENT_WINDOW_MS. Beyond: 429 with Retry-After.
 * - Site-wide: at most SITE_MAX_FILES files and SITE_MAX_BYTES accepted in any SITE_WINDOW_MS, which
 *   covers the longest an upload can live plus the cleanup's lag, so it bounds the bytes sitting in
 *   unfinished uploads at any moment. Beyond: 503 with Retry-After.
 *
 * Charges are never given back when an upload is later used or deleted: the ledgers count what was
 * accepted, which is simple, survives crashes and can only over-count.
 */
import {
  CLIENT_FILES_QUOTA_MESSAGE,
  SITE_FILES_QUOTA_MESSAGE,
} from "../../../src/lib/quote/quota-messages.ts";
import { UPLOAD_MAX_LIFE_MS } from "../../../src/lib/quote/upload.ts";
import { clientKeys, isLoopback } from "../http/client-key.ts";
import { HttpError } from "../http/http-error.ts";
import { LIMITS_STORE, updateJson } from "./ledger-store.ts";

const MiB = 1024 * 1024;
export const CLIENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Two full quotes of 5 files × 5 MiB (a send and one retry that uploads again) plus a few more. */
export const CLIENT_MAX_FILES = 15;
export const CLIENT_MAX_BYTES = 64 * MiB;
/** Longest life of an upload plus two cleanup intervals. */
export const SITE_WINDOW_MS = UPLOAD_MAX_LIFE_MS + 30 * 60 * 1000;
export const SITE_BUCKET_MS = 10 * 60 * 1000;
export const SITE_MAX_FILES = 1000;
export const SITE_MAX_BYTES = 1024 * MiB;

/** [accepted at (ms), bytes], one per file. */
type ClientEntry = [number, number];
interface ClientLedger {
  entries: ClientEntry[];
}
/** Bucket start (ms) → [files, bytes]. */
interface SiteLedger {
  buckets: Record<string, [number, number]>;
}

export type QuotaDecision<T> = { ok: true; next: T } | { ok: false; retryAfterSeconds: number };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Whether files of `sizes` fit the client's quota at `now`; the ledger to store when they do. */
export function decideClient(
  ledger: ClientLedger | null,
  sizes: readonly number[],
  now: number,
): QuotaDecision<ClientLedger> {
  const live = (ledger?.entries ?? [])
    .filter(([at]) => at > now - CLIENT_WINDOW_MS && at <= now)
    .sort((a, b) => a[0] - b[0]);
  const total = (entries: ClientEntry[]) => entries.reduce((sum, [, bytes]) => sum + bytes, 0);
  const wanted = sizes.reduce((sum, bytes) => sum + bytes, 0);
  const fits = (entries: ClientEntry[]) =>
    entries.length + sizes.length <= CLIENT_MAX_FILES && total(entries) + wanted <= CLIENT_MAX_BYTES;
  if (fits(live))
    return { ok: true, next: { entries: [...live, ...sizes.map((b): ClientEntry => [now, b])] } };
  // Room comes back as the oldest entries leave the window.
  for (let dropped = 1; dropped <= live.length; dropped += 1) {
    if (fits(live.slice(dropped))) {
      return { ok: false, retryAfterSeconds: seconds(live[dropped - 1]![0] + CLIENT_WINDOW_MS - now) };
    }
  }
  return { ok: false, retryAfterSeconds: seconds(CLIENT_WINDOW_MS) };
}

/** Whether files of `sizes` fit the site-wide ceiling at `now`; the ledger to store when they do. */
export function decideSite(
  ledger: SiteLedger | null,
  sizes: readonly number[],
  now: number,
): QuotaDecision<SiteLedger> {
  const starts = Object.keys(ledger?.buckets ?? {})
    .map(Number)
    .filter((start) => start + SITE_BUCKET_MS > now - SITE_WINDOW_MS && start <= now)
    .sort((a, b) => a - b);
  const buckets = starts.map((start) => [start, ...ledger!.buckets[String(start)]!] as const);
  const wantedBytes = sizes.reduce((sum, bytes) => sum + bytes, 0);
  const fits = (list: typeof buckets) =>
    list.reduce((sum, [, files]) => sum + files, 0) + sizes.length <= SITE_MAX_FILES &&
    list.reduce((sum, [, , bytes]) => sum + bytes, 0) + wantedBytes <= SITE_MAX_BYTES;
  if (fits(buckets)) {
    const current = now - (now % SITE_BUCKET_MS);
    const next: SiteLedger = { buckets: {} };
    for (const [start, files, bytes] of buckets) next.buckets[String(start)] = [files, bytes];
    const [files, bytes] = next.buckets[String(current)] ?? [0, 0];
    next.buckets[String(current)] = [files + sizes.length, bytes + wantedBytes];
    return { ok: true, next };
  }
  for (let dropped = 1; dropped <= buckets.length; dropped += 1) {
    if (fits(buckets.slice(dropped))) {
      const leavesAt = buckets[dropped - 1]![0] + SITE_BUCKET_MS + SITE_WINDOW_MS;
      return { ok: false, retryAfterSeconds: seconds(leavesAt - now) };
    }
  }
  return { ok: false, retryAfterSeconds: seconds(SITE_WINDOW_MS) };
}

const refusal = (status: 429 | 503, message: string, retryAfterSeconds: number) =>
  new HttpError(status, message, undefined, { "Retry-After": String(retryAfterSeconds) });

export interface QuotaClient {
  key: string;
  network: string;
  /** The IPv6 /48 around the client's /64 (quote-quota.ts counts it too); absent for IPv4. */
  wider?: { key: string; network: string };
  /** Not charged at all (local test runs only, see quotaClient). */
  exempt?: boolean;
}

/** Under the Netlify CLI, this request header makes a loopback client subject to the quotas again. */
export const ENFORCE_QUOTA_HEADER = "X-Test-Quota";

/**
 * The client a request is charged to. A local test run may exempt loopback clients from both quotas
 * (QUOTA_EXEMPT_LOOPBACK=true under the Netlify CLI), so a browser suite can send many quotes from
 * one machine, again and again; a request with `X-Test-Quota: enforce` is charged as usual, so the
 * quotas themselves can be tested in the browser. Deployed, NETLIFY_LOCAL is never set and no visitor
 * is a loopback address, so none of this can loosen the live site.
 */
export function quotaClient(req: Request, context: { ip?: string } | undefined): QuotaClient {
  const [own, wider] = clientKeys(req, context, "uploads");
  const client: QuotaClient = wider ? { ...own!, wider } : own!;
  const exempt =
    process.env.NETLIFY_LOCAL === "true" &&
    process.env.QUOTA_EXEMPT_LOOPBACK === "true" &&
    isLoopback(client.network) &&
    req.headers.get(ENFORCE_QUOTA_HEADER) !== "enforce";
  return exempt ? { ...client, exempt } : client;
}

/**
 * Charges files of `sizes` bytes to the client and to the site, or throws 429 (client over its
 * quota) / 503 (site over its ceiling) with Retry-After. A client refused stores nothing and charges
 * nothing; a site-wide refusal gives the client's charge back. An exempt client is not charged.
 */
export async function chargeAttachments(
  client: QuotaClient,
  sizes: readonly number[],
  now = Date.now(),
): Promise<void> {
  if (sizes.length === 0 || client.exempt) return;
  const ledgerKey = `client/${client.key}`;
  const decision = await updateJson<ClientLedger, QuotaDecision<ClientLedger>>(
    LIMITS_STORE,
    ledgerKey,
    (c) => {
      const d = decideClient(c, sizes, now);
      return d.ok ? { result: d, next: d.next } : { result: d };
    },
  );
  if (!decision) throw refusal(429, CLIENT_FILES_QUOTA_MESSAGE, 2);
  if (!decision.ok) throw refusal(429, CLIENT_FILES_QUOTA_MESSAGE, decision.retryAfterSeconds);
  const site = await updateJson<SiteLedger, QuotaDecision<SiteLedger>>(
    LIMITS_STORE,
    "site/attachments",
    (c) => {
      const d = decideSite(c, sizes, now);
      return d.ok ? { result: d, next: d.next } : { result: d };
    },
  );
  if (site?.ok) return;
  await refundClient(ledgerKey, sizes, now).catch(() => undefined);
  throw refusal(503, SITE_FILES_QUOTA_MESSAGE, site ? site.retryAfterSeconds : 5);
}

async function refundClient(key: string, sizes: readonly number[], now: number): Promise<void> {
  await updateJson<ClientLedger, null>(LIMITS_STORE, key, (current) => {
    if (!current) return { result: null };
    const entries = [...current.entries];
    for (const bytes of sizes) {
      const index = entries.findIndex(([at, b]) => at === now && b === bytes);
      if (index !== -1) entries.splice(index, 1);
    }
    return { result: null, next: { entries } };
  });
}
