/**
 * The admin password and sessions against online guessing (docs/security.md, "Admin password"),
 * and the audit log ("Audit log"), against a real Blobs server: a deployed password under 16
 * characters counts as unset, previews have no admin access, a password change ends sessions even
 * with SESSION_SECRET set, the `__Host-` cookie over https, and what the log records.
 */
import { setEnvironmentContext } from "@netlify/blobs";
import type { Context } from "@netlify/functions";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import auditLog from "../../netlify/functions/admin-audit-log.mts";
import login from "../../netlify/functions/admin-login.mts";
import logout from "../../netlify/functions/admin-logout.mts";
import session from "../../netlify/functions/admin-session.mts";
import submission from "../../netlify/functions/admin-contact-submission.mts";
import exportCsv from "../../netlify/functions/admin-contact-submissions-export.mts";
import contact from "../../netlify/functions/contact.mts";
import {
  ADMIN_PASSWORD_MIN_LENGTH,
  ADMIN_PASSWORD_MIN_SCORE,
  SECRET_MIN_BYTES,
} from "../../netlify/lib/admin/secrets.ts";
import { passwordScore } from "../../netlify/lib/admin/password-strength.ts";
import { quotaClient } from "../../netlify/lib/limits/upload-quota.ts";
import { recordFailedSignIn } from "../../netlify/lib/admin/audit-store.ts";
import { eraseExpiredLeads } from "../../netlify/lib/desk/retention.ts";
import { LEAD_RETENTION_MONTHS } from "../../src/lib/lead-model.ts";
import { AUDIT_LOG_LIMIT, type AuditEvent } from "../../src/lib/admin/audit.ts";
import {
  TEST_ADMIN_PASSWORD,
  TEST_ORIGIN,
  adminCookie,
  contextFor,
  cookieFrom,
  loginRequest,
  useAdminTestEnv,
} from "./admin-session.ts";
import { useBlobs } from "./blobs.ts";
import { queryRecords } from "./database.ts";
import { quoteRequest, VALID_FIELDS } from "./quote-fixtures.ts";
import { captureConsole } from "./console-capture.ts";

const blobs = useBlobs();
const logged = captureConsole();
beforeEach(() => useAdminTestEnv());
afterEach(() => {
  vi.useRealTimers();
  process.env.CONTEXT = "production"; // as vitest.config.ts sets it
  delete process.env.NETLIFY_LOCAL;
  setEnvironmentContext(blobs.context);
});

const sessionCheck = (cookie: string, url = `${TEST_ORIGIN}/api/admin/session`) =>
  session(new Request(url, { headers: { cookie } }));

/** Since log line `before`, the warning that secret `name` is too short; and nowhere the `short` secret itself. */
function expectShortSecretLogged(name: string, short: string, before: number) {
  expect(
    logged.slice(before).some((line) => line.includes(`${name} is shorter than ${SECRET_MIN_BYTES} bytes`)),
  ).toBe(true);
  for (const line of logged) expect(line).not.toContain(short);
}

describe("the admin password", () => {
  test(`deployed, a password under ${ADMIN_PASSWORD_MIN_LENGTH} characters counts as unset: 503, and a log line says why without the password`, async () => {
    const short = "Tr0ub4dor&3-xyz"; // 15 characters
    expect(Array.from(short)).toHaveLength(ADMIN_PASSWORD_MIN_LENGTH - 1);
    process.env.ADMIN_PASSWORD = short;
    const before = logged.length;
    const login = await loginRequest(short, { ip: "192.0.2.60" });
    expect(login.status).toBe(503);
    expect(await login.json()).toEqual({ error: "Admin access is not configured on this site" });
    expect((await sessionCheck("admin_session=x")).status).toBe(503);
    const lines = logged.slice(before);
    expect(lines.some((line) => line.includes(`shorter than ${ADMIN_PASSWORD_MIN_LENGTH} characters`))).toBe(
      true,
    );
    for (const line of logged) expect(line).not.toContain(short);

    // Exactly the minimum works; characters, not bytes, are counted.
    const sixteen = "Öl-Brücke-Glühn7";
    expect(Array.from(sixteen)).toHaveLength(ADMIN_PASSWORD_MIN_LENGTH);
    expect(Buffer.byteLength(sixteen)).toBeGreaterThan(ADMIN_PASSWORD_MIN_LENGTH);
    process.env.ADMIN_PASSWORD = sixteen;
    expect((await loginRequest(sixteen, { ip: "192.0.2.61" })).status).toBe(200);
  });

  test.each(["passwordpassword", "aaaaaaaaaaaaaaaaaaaa", "qwertyuiopasdfgh", "Password12345678"])(
    "deployed, a long but easy password (%s) counts as unset: 503, and a log line says why without the password",
    async (weak) => {
      expect(Array.from(weak).length).toBeGreaterThanOrEqual(ADMIN_PASSWORD_MIN_LENGTH);
      expect(passwordScore(weak)).toBeLessThan(ADMIN_PASSWORD_MIN_SCORE);
      process.env.ADMIN_PASSWORD = weak;
      const before = logged.length;
      const login = await loginRequest(weak, { ip: "192.0.2.66" });
      expect(login.status).toBe(503);
      expect((await sessionCheck("admin_session=x")).status).toBe(503);
      expect(logged.some((line) => line.includes("ADMIN_PASSWORD is too easy to guess"))).toBe(true);
      for (const line of logged.slice(before)) expect(line).not.toContain(weak);
      for (const line of logged) expect(line).not.toContain(weak);
    },
  );

  test("the test password and a password manager's are strong enough", () => {
    expect(passwordScore(TEST_ADMIN_PASSWORD)).toBeGreaterThanOrEqual(ADMIN_PASSWORD_MIN_SCORE);
    expect(passwordScore("q7G#vT2m!xR9pL4z@Kc8")).toBeGreaterThanOrEqual(ADMIN_PASSWORD_MIN_SCORE);
  });

  test("under the Netlify CLI a weak password and the unset default still work, with the default's warning", async () => {
    process.env.NETLIFY_LOCAL = "true";
    process.env.ADMIN_PASSWORD = "passwordpassword";
    expect((await loginRequest("passwordpassword", { ip: "192.0.2.67" })).status).toBe(200);
    delete process.env.ADMIN_PASSWORD;
    expect((await loginRequest("admin", { ip: "192.0.2.68" })).status).toBe(200);
    expect(logged.some((line) => line.includes("accept the local default password"))).toBe(true);
  });

  test(`SESSION_SECRET shorter than ${SECRET_MIN_BYTES} bytes is ignored (sessions keyed from the password), with a log line without it`, async () => {
    const short = "x".repeat(SECRET_MIN_BYTES - 1);
    process.env.SESSION_SECRET = short;
    const before = logged.length;
    const cookie = await adminCookie();
    expect((await sessionCheck(cookie)).status).toBe(200);
    expectShortSecretLogged("SESSION_SECRET", short, before);
    // Signed as without it: unsetting it changes nothing.
    delete process.env.SESSION_SECRET;
    expect((await sessionCheck(cookie)).status).toBe(200);

    // A long enough one is used: the same cookie is not valid under it.
    process.env.SESSION_SECRET = "y".repeat(SECRET_MIN_BYTES);
    expect((await sessionCheck(cookie)).status).toBe(401);
  });

  test(`CLIENT_KEY_SECRET shorter than ${SECRET_MIN_BYTES} bytes is ignored (client keys from the stored secret), with a log line without it`, async () => {
    const keyOf = async () =>
      (await quotaClient(new Request(`${TEST_ORIGIN}/api/contact`), { ip: "203.0.113.77" })).key;
    try {
      const withoutIt = await keyOf();
      const short = "c".repeat(SECRET_MIN_BYTES - 1);
      process.env.CLIENT_KEY_SECRET = short;
      const before = logged.length;
      expect(await keyOf()).toBe(withoutIt);
      expectShortSecretLogged("CLIENT_KEY_SECRET", short, before);
      process.env.CLIENT_KEY_SECRET = "c".repeat(SECRET_MIN_BYTES);
      expect(await keyOf()).not.toBe(withoutIt);
    } finally {
      delete process.env.CLIENT_KEY_SECRET;
    }
  });

  test("under the Netlify CLI a short password still works (local runs only)", async () => {
    process.env.NETLIFY_LOCAL = "true";
    process.env.ADMIN_PASSWORD = "short";
    expect((await loginRequest("short", { ip: "192.0.2.62" })).status).toBe(200);
  });

  test("Deploy Previews, branch deploys and deploys of an unknown or absent context have no admin access at all", async () => {
    for (const context of ["deploy-preview", "branch-deploy", "some-new-context", undefined]) {
      if (context === undefined) delete process.env.CONTEXT;
      else process.env.CONTEXT = context;
      setEnvironmentContext({
        ...blobs.context,
        deployID: "6650a0f7c1e0b30008a1b2c3",
        primaryRegion: "us-east-1",
      });
      const before = logged.length;
      expect((await loginRequest(TEST_ADMIN_PASSWORD, { ip: "192.0.2.63" })).status).toBe(503);
      expect((await sessionCheck("admin_session=x")).status).toBe(503);
      // Logged once per function instance.
      expect(logged.some((line) => line.includes("off in Deploy Previews and branch deploys"))).toBe(true);
      expect(logged.slice(before).every((line) => !line.includes(TEST_ADMIN_PASSWORD))).toBe(true);
    }
  });

  test("changing ADMIN_PASSWORD ends every session even when SESSION_SECRET is set", async () => {
    process.env.SESSION_SECRET = "a-long-random-session-secret-that-stays-the-same";
    const cookie = await adminCookie();
    expect((await sessionCheck(cookie)).status).toBe(200);
    process.env.ADMIN_PASSWORD = "another-password-of-enough-length";
    expect((await sessionCheck(cookie)).status).toBe(401);
    // The session was only made unusable, not deleted: the old password makes it work again.
    process.env.ADMIN_PASSWORD = TEST_ADMIN_PASSWORD;
    expect((await sessionCheck(cookie)).status).toBe(200);
  });
});

describe("the session cookie", () => {
  const HTTPS = "https://roofing.example";

  test("over https it is __Host-admin_session: Secure, Path=/, no Domain; a plain-named cookie is not accepted there", async () => {
    const response = await loginRequest(TEST_ADMIN_PASSWORD, {
      url: `${HTTPS}/api/admin/login`,
      origin: HTTPS,
      ip: "192.0.2.64",
    });
    expect(response.status).toBe(200);
    const attributes = response.headers
      .get("set-cookie")!
      .split(";")
      .map((part) => part.trim());
    expect(attributes[0]).toMatch(/^__Host-admin_session=[A-Za-z0-9_-]{43}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(attributes).toEqual(expect.arrayContaining(["Secure", "Path=/", "HttpOnly", "SameSite=Strict"]));
    expect(attributes.some((part) => /^domain=/i.test(part))).toBe(false);

    const cookie = cookieFrom(response);
    expect((await sessionCheck(cookie, `${HTTPS}/api/admin/session`)).status).toBe(200);
    const plain = cookie.replace(/^__Host-/, "");
    expect((await sessionCheck(plain, `${HTTPS}/api/admin/session`)).status).toBe(401);

    // Logging out over https clears the same cookie.
    const out = await logout(
      new Request(`${HTTPS}/api/admin/logout`, { method: "POST", headers: { cookie, Origin: HTTPS } }),
    );
    expect(out.headers.get("set-cookie")).toMatch(/^__Host-admin_session=; .*Max-Age=0/);
  });

  test("on plain-http localhost it keeps the plain name (the browser would drop a __Host- cookie there)", async () => {
    const response = await loginRequest(TEST_ADMIN_PASSWORD, { ip: "192.0.2.65" });
    expect(response.headers.get("set-cookie")).toMatch(/^admin_session=/);
  });
});

describe("the audit log", () => {
  const read = async (cookie: string) => {
    const response = await auditLog(
      new Request(`${TEST_ORIGIN}/api/admin/audit-log`, { headers: { cookie } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    return ((await response.json()) as { events: AuditEvent[] }).events;
  };

  test("records sign-ins, failed sign-ins, sign-outs, exports, erasures by the owner and by retention; newest first; nothing personal", async () => {
    const wrong = "not-the-password-at-all";
    expect((await loginRequest(wrong, { ip: "192.0.2.70" })).status).toBe(401);
    const cookie = await adminCookie();

    const exported = await exportCsv(
      new Request(`${TEST_ORIGIN}/api/admin/contact-submissions/export.csv`, { headers: { cookie } }),
    );
    expect(exported.status).toBe(200);

    const stored = await contact(quoteRequest(), contextFor("192.0.2.71"));
    const { id } = (await stored.json()) as { id: string };
    const erased = await submission(
      new Request(`${TEST_ORIGIN}/api/admin/contact-submissions/${id}`, {
        method: "DELETE",
        headers: { cookie, Origin: TEST_ORIGIN },
      }),
      { params: { id } } as unknown as Context,
    );
    expect(erased.status).toBe(204);

    // The retention run as it will be once this quote is past the retention period.
    const old = await contact(quoteRequest(), contextFor("192.0.2.72"));
    const { id: oldId } = (await old.json()) as { id: string };
    const later = Date.now() + (LEAD_RETENTION_MONTHS + 1) * 31 * 24 * 60 * 60 * 1000;
    expect((await eraseExpiredLeads({ now: later })).erased).toBeGreaterThanOrEqual(1);

    await logout(
      new Request(`${TEST_ORIGIN}/api/admin/logout`, {
        method: "POST",
        headers: { cookie, Origin: TEST_ORIGIN },
      }),
    );
    const events = await read(await adminCookie());
    const kinds = events.map((event) => event.event);
    expect(kinds[0]).toBe("sign-in");
    expect(kinds).toEqual(
      expect.arrayContaining(["sign-in", "sign-in-failed", "sign-out", "export", "erase", "retention-erase"]),
    );
    expect(events.find((event) => event.event === "erase")?.leadId).toBe(id);
    expect(events.find((event) => event.event === "retention-erase")?.leadId).toBe(oldId);
    const times = events.map((event) => Date.parse(event.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const text = JSON.stringify(events);
    for (const secret of [
      wrong,
      TEST_ADMIN_PASSWORD,
      VALID_FIELDS.email,
      VALID_FIELDS.lastName,
      "192.0.2.",
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const event of events) {
      expect(
        Object.keys(event).every((key) => ["at", "event", "leadId", "count", "session", "by"].includes(key)),
      ).toBe(true);
    }
    // Each of the owner's events names the session that acted; the erasures by the owner and the
    // export were the same session's.
    // `by` is the name of the desk's person (the owner's row: "Owner"), never a customer's.
    expect(events.filter((event) => "by" in event).every((event) => event.by === "Owner")).toBe(true);
    const exportedBy = events.find((event) => event.event === "export")?.session;
    expect(exportedBy).toMatch(/^[0-9a-f]{8}$/);
    expect(events.find((event) => event.event === "erase")?.session).toBe(exportedBy);
    expect(events.find((event) => event.event === "sign-out")?.session).toBe(exportedBy);
    expect(events.find((event) => event.event === "retention-erase")?.session).toBeUndefined();
  });

  test("signing in again on the same browser ends the session it carried", async () => {
    const first = await adminCookie();
    const again = await login(
      new Request(`${TEST_ORIGIN}/api/admin/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, cookie: first },
        body: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
      }),
      contextFor("198.51.100.201"),
    );
    expect(again.status).toBe(200);
    const second = cookieFrom(again);
    expect(second).not.toBe(first);
    const ask = (cookie: string) =>
      session(new Request(`${TEST_ORIGIN}/api/admin/session`, { headers: { cookie } }));
    expect((await ask(first)).status).toBe(401);
    expect((await ask(second)).status).toBe(200);
  });

  test("failed sign-ins are one entry per client and window, so they cannot push the owner's events out", async () => {
    await queryRecords("DELETE FROM activity_log");
    const cookie = await adminCookie();
    const exported = await exportCsv(
      new Request(`${TEST_ORIGIN}/api/admin/contact-submissions/export.csv`, { headers: { cookie } }),
    );
    expect(exported.status).toBe(200);
    // Through the sign-in endpoint: five failures from one client, then its lockout.
    for (let n = 0; n < 5; n++)
      expect((await loginRequest(`wrong-${n}`, { ip: "192.0.2.90" })).status).toBe(401);
    // And far more than the log shows, from one client, straight to the log.
    for (let n = 0; n < AUDIT_LOG_LIMIT + 50; n++) await recordFailedSignIn("ab".repeat(32));
    const events = await read(await adminCookie());
    const failed = events.filter((event) => event.event === "sign-in-failed");
    expect(failed.map((event) => event.count).sort((a, b) => a! - b!)).toEqual([5, AUDIT_LOG_LIMIT + 50]);
    expect(events.some((event) => event.event === "export")).toBe(true);
  });

  test("is for the owner only", async () => {
    const response = await auditLog(new Request(`${TEST_ORIGIN}/api/admin/audit-log`));
    expect(response.status).toBe(401);
  });
});
