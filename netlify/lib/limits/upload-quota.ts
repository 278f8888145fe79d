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
 * Both are charged at once or not at all (table `limit_charges`, limit-charges.ts), one row per file
 * with its bytes. Charges are never given back when an upload is later used or deleted: the ledgers
 * count what was accepted, which is simple, survives crashes and can only over-count.
 */
import {
  CLIENT_FILES_QUOTA_MESSAGE,
  SITE_FILES_QUOTA_MESSAGE,
} from "../../../src/lib/quote/quota-messages.ts";
import { UPLOAD_MAX_LIFE_MS } from "../../../src/lib/quote/upload.ts";
import { clientKeys, isLoopback } from "../http/client-key.ts";
import { HttpError } from "../http/http-error.ts";
import {
  chargeLedgers,
  secondsUntil,
  SITE,
  type Charge,
  type Ledger,
  type WindowDecision,
} from "./limit-charges.ts";

const MiB = 1024 * 1024;
export const CLIENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Two full quotes of 5 files × 5 MiB (a send and one retry that uploads again) plus a few more. */
export const CLIENT_MAX_FILES = 15;
export const CLIENT_MAX_BYTES = 64 * MiB;
/** Longest life of an upload plus two cleanup intervals. */
export const SITE_WINDOW_MS = UPLOAD_MAX_LIFE_MS + 30 * 60 * 1000;
export const SITE_MAX_FILES = 1000;
export const SITE_MAX_BYTES = 1024 * MiB;

/** Files and bytes a ledger may hold in its window. */
interface FileLimits {
  files: number;
  bytes: number;
  windowMs: number;
}

const CLIENT_LIMITS: FileLimits = {
  files: CLIENT_MAX_FILES,
  bytes: CLIENT_MAX_BYTES,
  windowMs: CLIENT_WINDOW_MS,
};
const SITE_LIMITS: FileLimits = { files: SITE_MAX_FILES, bytes: SITE_MAX_BYTES, windowMs: SITE_WINDOW_MS };
const SITE_LEDGER: Ledger = { rule: "attachments-site", subject: SITE, windowMs: SITE_WINDOW_MS };

/**
 * Whether files of `sizes` fit beside a ledger's `live` charges (one per file, its bytes as the
 * amount, oldest first) at `now`; when not, the wait until enough of the oldest leave the window.
 */
export function decideFiles(
  live: readonly Charge[],
  sizes: readonly number[],
  now: number,
  limits: FileLimits,
): WindowDecision {
  const wanted = sizes.reduce((sum, bytes) => sum + bytes, 0);
  const fits = (charges: readonly Charge[]) =>
    charges.length + sizes.length <= limits.files &&
    charges.reduce((sum, charge) => sum + charge.amount, 0) + wanted <= limits.bytes;
  if (fits(live)) return { ok: true };
  // Room comes back as the oldest charges leave the window.
  for (let dropped = 1; dropped <= live.length; dropped += 1) {
    if (fits(live.slice(dropped))) {
      return { ok: false, retryAfterSeconds: secondsUntil(live[dropped - 1]!.at + limits.windowMs - now) };
    }
  }
  return { ok: false, retryAfterSeconds: secondsUntil(limits.windowMs) };
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
export async function quotaClient(req: Request, context: { ip?: string } | undefined): Promise<QuotaClient> {
  const [own, wider] = await clientKeys(req, context, "uploads");
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
 * quota) / 503 (site over its ceiling) with Retry-After. A refused request charges nothing. An
 * exempt client is not charged.
 */
export async function chargeAttachments(
  client: QuotaClient,
  sizes: readonly number[],
  now = Date.now(),
): Promise<void> {
  if (sizes.length === 0 || client.exempt) return;
  const own: Ledger = { rule: "attachments", subject: client.key, windowMs: CLIENT_WINDOW_MS };
  const refused = await chargeLedgers([own, SITE_LEDGER], now, ([mine, site]) => {
    const forClient = decideFiles(mine!, sizes, now, CLIENT_LIMITS);
    if (!forClient.ok)
      return { result: refusal(429, CLIENT_FILES_QUOTA_MESSAGE, forClient.retryAfterSeconds) };
    const forSite = decideFiles(site!, sizes, now, SITE_LIMITS);
    if (!forSite.ok) return { result: refusal(503, SITE_FILES_QUOTA_MESSAGE, forSite.retryAfterSeconds) };
    return { result: null, add: [sizes, sizes] };
  });
  if (refused) throw refused;
}
