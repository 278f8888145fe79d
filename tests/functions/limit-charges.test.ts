/**
 * The abuse limits' counts (table limit_charges, netlify/lib/limits/limit-charges.ts) against a
 * real PostgreSQL, with many requests at once: every limit lets exactly its number through and
 * records exactly what it let through, whatever the order the requests arrive in.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import {
  LOGIN_MAX_FAILURES,
  recordSiteFailure,
  reserveAttempt,
  SITE_FAILURE_CEILING,
} from "../../netlify/lib/admin/login-throttle.ts";
import { clientKeys } from "../../netlify/lib/http/client-key.ts";
import { deleteExpiredCharges, SITE } from "../../netlify/lib/limits/limit-charges.ts";
import { chargeClientWindow } from "../../netlify/lib/limits/link-limit.ts";
import { planQuoteMail, RECEIPT_SKIPPED_RECIPIENT } from "../../netlify/lib/limits/mail-limits.ts";
import {
  chargeQuote,
  QUOTES_PER_CLIENT,
  QUOTES_PER_WIDER_NETWORK,
} from "../../netlify/lib/limits/quote-quota.ts";
import { chargeAttachments, CLIENT_MAX_FILES, quotaClient } from "../../netlify/lib/limits/upload-quota.ts";
import { useAdminTestEnv } from "./admin-session.ts";
import { startBlobs } from "./blobs.ts";
import { clearLimits, ledgerCharges, queryRecords } from "./database.ts";

let blobs: Awaited<ReturnType<typeof startBlobs>>;
beforeAll(async () => {
  useAdminTestEnv();
  blobs = await startBlobs();
});
afterAll(async () => blobs.stop());
beforeEach(() => clearLimits());

const NOW = Date.parse("2026-11-26T10:00:00.000Z");
const at = (ip: string) =>
  new Request("http://localhost/api/contact", { headers: { "x-nf-client-connection-ip": ip } });
const clientOf = (ip: string) => quotaClient(at(ip), undefined);

/** Runs `count` calls of `call` at once; how many were fulfilled, and the refusals' statuses. */
async function atOnce(count: number, call: (index: number) => Promise<unknown>) {
  const settled = await Promise.allSettled(Array.from({ length: count }, (_, index) => call(index)));
  const refused = settled.flatMap((result) =>
    result.status === "rejected" ? [(result.reason as { status?: number }).status] : [],
  );
  return { passed: settled.length - refused.length, refused, values: settled };
}

describe("many requests at once", () => {
  test(`40 sign-in attempts of one client: exactly ${LOGIN_MAX_FAILURES} reserved, each recorded once`, async () => {
    const key = "a".repeat(64);
    const decisions = await Promise.all(Array.from({ length: 40 }, () => reserveAttempt(key, NOW)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(LOGIN_MAX_FAILURES);
    for (const refused of decisions.filter((decision) => !decision.allowed))
      expect(refused).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
    expect(await ledgerCharges("sign-in", key)).toHaveLength(LOGIN_MAX_FAILURES);
  });

  test(`${SITE_FAILURE_CEILING + 10} failed sign-ins site-wide: the count is exact, in a row a minute, and crossing the ceiling is logged once`, async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const crossed = await Promise.all(
        Array.from({ length: SITE_FAILURE_CEILING + 10 }, () => recordSiteFailure(NOW)),
      );
      expect(crossed.filter((slowed) => !slowed)).toHaveLength(SITE_FAILURE_CEILING - 1);
      expect(warn.mock.calls.filter(([text]) => String(text).includes("slowed down"))).toHaveLength(1);
      expect(await ledgerCharges("sign-in-site", SITE)).toEqual([
        { at: new Date(NOW), amount: SITE_FAILURE_CEILING + 10 },
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  test(`${QUOTES_PER_CLIENT + 10} quotes of one client: exactly ${QUOTES_PER_CLIENT} charged, the rest 429`, async () => {
    const client = await clientOf("203.0.113.60");
    const { passed, refused } = await atOnce(QUOTES_PER_CLIENT + 10, () => chargeQuote(client, NOW));
    expect(passed).toBe(QUOTES_PER_CLIENT);
    expect(refused).toEqual(Array(10).fill(429));
    expect(await ledgerCharges("quotes", client.key)).toHaveLength(QUOTES_PER_CLIENT);
  });

  test(`quotes from ${QUOTES_PER_WIDER_NETWORK + 10} /64s of one /48: exactly ${QUOTES_PER_WIDER_NETWORK} charged, to the /64 and the /48 both or neither`, async () => {
    const clients = await Promise.all(
      Array.from({ length: QUOTES_PER_WIDER_NETWORK + 10 }, (_, i) =>
        clientOf(`2001:db8:60:${(i + 1).toString(16)}::1`),
      ),
    );
    const { passed, refused } = await atOnce(clients.length, (i) => chargeQuote(clients[i]!, NOW));
    expect(passed).toBe(QUOTES_PER_WIDER_NETWORK);
    expect(refused).toEqual(Array(10).fill(429));
    expect(await ledgerCharges("quotes-48", clients[0]!.wider!.key)).toHaveLength(QUOTES_PER_WIDER_NETWORK);
    const own = await queryRecords<{ n: string }>(
      "SELECT count(*) AS n FROM limit_charges WHERE rule = 'quotes'",
    );
    expect(Number(own[0]!.n)).toBe(QUOTES_PER_WIDER_NETWORK);
  });

  test(`attachments of one client: exactly ${CLIENT_MAX_FILES} files charged, to the client and the site alike`, async () => {
    const client = await clientOf("203.0.113.61");
    const { passed, refused } = await atOnce(CLIENT_MAX_FILES + 5, () =>
      chargeAttachments(client, [1000], NOW),
    );
    expect(passed).toBe(CLIENT_MAX_FILES);
    expect(refused).toEqual(Array(5).fill(429));
    const charges = await ledgerCharges("attachments", client.key);
    expect(charges.map((charge) => charge.amount)).toEqual(Array(CLIENT_MAX_FILES).fill(1000));
    expect(await ledgerCharges("attachments-site", SITE)).toHaveLength(CLIENT_MAX_FILES);
  });

  test("requests to a link: exactly the rule's limit passes, counted per network and per /48", async () => {
    const rule = { name: "link-test", limit: 25, windowMs: 10 * 60 * 1000, message: "Too many" };
    const request = at("2001:db8:61:1::9");
    const { passed, refused } = await atOnce(40, () => chargeClientWindow(request, undefined, rule, NOW));
    expect(passed).toBe(25);
    expect(refused).toEqual(Array(15).fill(429));
    for (const { key } of await clientKeys(request, undefined, rule.name))
      expect(await ledgerCharges(rule.name, key)).toHaveLength(25);
  });

  test("ten quotes naming one address: exactly one receipt", async () => {
    const plans = await Promise.all(
      Array.from({ length: 10 }, async (_, i) =>
        planQuoteMail(await clientOf(`198.51.100.${i + 1}`), crypto.randomUUID(), "same@example.co.uk", NOW),
      ),
    );
    expect(plans.filter((plan) => !plan.receiptSkipped)).toHaveLength(1);
    expect(plans.filter((plan) => plan.receiptSkipped === RECEIPT_SKIPPED_RECIPIENT)).toHaveLength(9);
    expect(await ledgerCharges("receipts-site", SITE)).toHaveLength(1);
  });
});

test("expired charges are deleted by one query, live ones kept", async () => {
  const client = await clientOf("203.0.113.62");
  await chargeQuote(client, NOW - 25 * 60 * 60 * 1000);
  await chargeQuote(client, NOW);
  expect(await deleteExpiredCharges(NOW)).toBeGreaterThanOrEqual(1);
  expect((await ledgerCharges("quotes", client.key)).map((charge) => charge.at)).toEqual([new Date(NOW)]);
});
