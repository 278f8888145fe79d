import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useBlobs } from "./blobs";
import {
  TEST_ADMIN_PASSWORD,
  TEST_ORIGIN,
  adminCookie,
  contextFor,
  cookieFrom,
  loginRequest,
  useAdminTestEnv,
} from "./admin-session";
import { ADMIN_ROUTES, type AdminRoute } from "./admin-routes";
import logout from "../../netlify/functions/admin-logout.mts";
import session from "../../netlify/functions/admin-session.mts";
import { ADMIN_SESSION_TTL_MS, OWNER_ID } from "../../netlify/lib/admin/auth.ts";
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from "../../netlify/lib/admin/login-throttle.ts";
import { captureConsole } from "./console-capture";

useBlobs();
const logged = captureConsole();
beforeEach(() => useAdminTestEnv());
afterEach(() => vi.useRealTimers());

function routeRequest(route: AdminRoute, cookie?: string, origin: string | null = TEST_ORIGIN): Request {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (origin !== null && route.method !== "GET") headers.set("Origin", origin);
  let body: BodyInit | undefined;
  if (route.body !== undefined) {
    body = typeof route.body === "string" ? route.body : JSON.stringify(route.body);
    headers.set("Content-Type", "application/json");
  }
  return new Request(`${TEST_ORIGIN}${route.path}`, { method: route.method, headers, body });
}

function call(route: AdminRoute, cookie?: string, origin?: string | null): Promise<Response> {
  return Promise.resolve(route.handler(routeRequest(route, cookie, origin), contextFor("192.0.2.50")));
}

const sessionRoute = ADMIN_ROUTES.find((r) => r.path === "/api/admin/session") as AdminRoute;
const logoutRoute = ADMIN_ROUTES.find((r) => r.path === "/api/admin/logout") as AdminRoute;

/** How each kind of bad cookie is obtained; `expired` moves the clock past the session's expiry. */
const BAD_COOKIES: [string, () => Promise<string | undefined>][] = [
  ["no cookie", () => Promise.resolve(undefined)],
  [
    "forged cookie",
    () => Promise.resolve(`admin_session=${"A".repeat(43)}.${Date.now() + 3_600_000}.${"B".repeat(43)}`),
  ],
  [
    "tampered expiry",
    async () => {
      const [id, , signature] = (await adminCookie()).split("=")[1]!.split(".");
      return `admin_session=${id}.${Date.now() + 10 * ADMIN_SESSION_TTL_MS}.${signature}`;
    },
  ],
  [
    "expired cookie",
    async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const cookie = await adminCookie();
      vi.setSystemTime(Date.now() + ADMIN_SESSION_TTL_MS + 1000);
      return cookie;
    },
  ],
  [
    "logged-out cookie",
    async () => {
      const cookie = await adminCookie();
      expect((await call(logoutRoute, cookie)).status).toBe(200);
      return cookie;
    },
  ],
];

describe.each(ADMIN_ROUTES)("$method $path", (route) => {
  it.each(BAD_COOKIES)("answers 401 with %s", async (_name, makeCookie) => {
    const response = await call(route, await makeCookie());
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Authentication required" });
  });

  it("answers 503 when deployed without ADMIN_PASSWORD", async () => {
    const cookie = await adminCookie();
    delete process.env.ADMIN_PASSWORD;
    expect((await call(route, cookie)).status).toBe(503);
  });

  it("answers 401 to a wrong method without a session, 405 with one", async () => {
    const wrong = { ...route, method: "OPTIONS" };
    expect((await call(wrong)).status).toBe(401);
    const response = await call(wrong, await adminCookie());
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toMatch(new RegExp(`\\b${route.method}\\b`));
  });

  if (!["GET", "HEAD"].includes(route.method)) {
    it("answers 403 to a foreign Origin even with a valid session", async () => {
      const cookie = await adminCookie();
      const response = await call(route, cookie, "https://evil.example");
      expect(response.status).toBe(403);
    });
  }
});

describe("login", () => {
  it("right password: 200, a session cookie that the session route accepts", async () => {
    const response = await loginRequest(TEST_ADMIN_PASSWORD, { ip: "192.0.2.10" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ authenticated: true });
    const check = await call(sessionRoute, cookieFrom(response));
    expect(check.status).toBe(200);
    // The owner's session names him (docs/staff.md).
    expect(await check.json()).toEqual({
      authenticated: true,
      user: { id: OWNER_ID, name: "Owner", role: "owner" },
      method: "password",
    });
  });

  it("wrong password: 401 Incorrect password and no cookie", async () => {
    const response = await loginRequest("not-the-password", { ip: "192.0.2.11" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Incorrect password" });
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it.each([
    ["no body", undefined],
    ["not JSON", "password=admin"],
    ["no password field", JSON.stringify({ pass: "x" })],
    ["password not a string", JSON.stringify({ password: 42 })],
    ["an empty password", JSON.stringify({ password: "" })],
  ])("400 for %s: A password is required", async (_name, body) => {
    const request = new Request(`${TEST_ORIGIN}/api/admin/login`, {
      method: "POST",
      headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json" },
      body,
    });
    const { default: login } = await import("../../netlify/functions/admin-login.mts");
    const response = await login(request, contextFor("192.0.2.12"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "A password is required" });
  });

  it("405 for GET", async () => {
    const { default: login } = await import("../../netlify/functions/admin-login.mts");
    const response = await login(new Request(`${TEST_ORIGIN}/api/admin/login`), contextFor("192.0.2.13"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("a password differing only in case or length is refused", async () => {
    for (const candidate of [
      TEST_ADMIN_PASSWORD.toUpperCase(),
      `${TEST_ADMIN_PASSWORD} `,
      TEST_ADMIN_PASSWORD.slice(0, -1),
    ]) {
      expect((await loginRequest(candidate, { ip: "192.0.2.14" })).status).toBe(401);
      await loginRequest(TEST_ADMIN_PASSWORD, { ip: "192.0.2.14" });
    }
  });

  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Origin null", { origin: "null" }],
  ])("403 for %s", async (_name, init) => {
    const response = await loginRequest(TEST_ADMIN_PASSWORD, { ...init, ip: "192.0.2.15" });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("403 for a cross-site fetch that hides its Origin", async () => {
    const { default: login } = await import("../../netlify/functions/admin-login.mts");
    const request = new Request(`${TEST_ORIGIN}/api/admin/login`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" },
      body: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
    });
    expect((await login(request, contextFor("192.0.2.16"))).status).toBe(403);
  });

  it("accepts a same-origin request without Origin (non-browser client)", async () => {
    expect((await loginRequest(TEST_ADMIN_PASSWORD, { origin: null, ip: "192.0.2.17" })).status).toBe(200);
  });

  it("503 when deployed without ADMIN_PASSWORD, whatever the password", async () => {
    delete process.env.ADMIN_PASSWORD;
    for (const candidate of ["admin", "", TEST_ADMIN_PASSWORD]) {
      expect((await loginRequest(candidate || "x", { ip: "192.0.2.18" })).status).toBe(503);
    }
  });

  it("under the Netlify CLI without ADMIN_PASSWORD, 'admin' works and one warning is logged", async () => {
    delete process.env.ADMIN_PASSWORD;
    process.env.NETLIFY_LOCAL = "true";
    const before = logged.length;
    expect((await loginRequest("admin", { ip: "192.0.2.19" })).status).toBe(200);
    expect((await loginRequest("admin", { ip: "192.0.2.19" })).status).toBe(200);
    expect((await loginRequest(TEST_ADMIN_PASSWORD, { ip: "192.0.2.19" })).status).toBe(401);
    const warnings = logged.slice(before);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("ADMIN_PASSWORD is not set");
  });

  it("changing ADMIN_PASSWORD ends existing sessions", async () => {
    const cookie = await adminCookie();
    expect((await call(sessionRoute, cookie)).status).toBe(200);
    process.env.ADMIN_PASSWORD = "a-new-password-of-20-chars";
    expect((await call(sessionRoute, cookie)).status).toBe(401);
  });

  it("a session expires after ADMIN_SESSION_TTL_MS but not before", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cookie = await adminCookie();
    vi.setSystemTime(Date.now() + ADMIN_SESSION_TTL_MS - 60_000);
    expect((await call(sessionRoute, cookie)).status).toBe(200);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await call(sessionRoute, cookie)).status).toBe(401);
  });
});

describe("Set-Cookie attributes", () => {
  it("plain-http localhost: HttpOnly, SameSite=Strict, Path=/, a few hours, not Secure", async () => {
    const response = await loginRequest(TEST_ADMIN_PASSWORD, { ip: "192.0.2.20" });
    const attributes = response.headers
      .get("set-cookie")!
      .split(";")
      .map((a) => a.trim());
    expect(attributes[0]).toMatch(/^admin_session=[A-Za-z0-9_-]{43}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(attributes).toEqual(
      expect.arrayContaining([
        "HttpOnly",
        "SameSite=Strict",
        "Path=/",
        `Max-Age=${ADMIN_SESSION_TTL_MS / 1000}`,
      ]),
    );
    expect(attributes).not.toContain("Secure");
    expect(ADMIN_SESSION_TTL_MS).toBeGreaterThanOrEqual(60 * 60 * 1000);
    expect(ADMIN_SESSION_TTL_MS).toBeLessThanOrEqual(12 * 60 * 60 * 1000);
  });

  it("https: Secure", async () => {
    const response = await loginRequest(TEST_ADMIN_PASSWORD, {
      url: "https://roofing.example/api/admin/login",
      origin: "https://roofing.example",
      ip: "192.0.2.21",
    });
    expect(response.status).toBe(200);
    const attributes = response.headers
      .get("set-cookie")!
      .split(";")
      .map((a) => a.trim());
    expect(attributes).toEqual(expect.arrayContaining(["Secure", "HttpOnly", "SameSite=Strict", "Path=/"]));
  });

  it("logout clears the cookie", async () => {
    const response = await call(logoutRoute, await adminCookie());
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^admin_session=; .*Max-Age=0/);
  });

  it("logout ends only its own session", async () => {
    const first = await adminCookie();
    const second = await adminCookie();
    await call(logoutRoute, first);
    expect((await call(sessionRoute, first)).status).toBe(401);
    expect((await call(sessionRoute, second)).status).toBe(200);
  });
});

describe("login throttle", () => {
  async function failTimes(ip: string, times: number) {
    for (let i = 0; i < times; i += 1) {
      expect((await loginRequest("wrong", { ip })).status).toBe(401);
    }
  }

  it(`429 with Retry-After after ${LOGIN_MAX_FAILURES} failures, other addresses unaffected, recovery after the window`, async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const ip = "203.0.113.1";
    await failTimes(ip, LOGIN_MAX_FAILURES);

    const blocked = await loginRequest(TEST_ADMIN_PASSWORD, { ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBe(LOGIN_FAILURE_WINDOW_MS / 1000);
    expect(blocked.headers.get("set-cookie")).toBeNull();

    expect((await loginRequest(TEST_ADMIN_PASSWORD, { ip: "203.0.113.2" })).status).toBe(200);

    vi.setSystemTime(Date.now() + 5 * 60 * 1000);
    const later = await loginRequest("wrong", { ip });
    expect(later.status).toBe(429);
    expect(Number(later.headers.get("retry-after"))).toBe(LOGIN_FAILURE_WINDOW_MS / 1000 - 5 * 60);

    vi.setSystemTime(Date.now() + LOGIN_FAILURE_WINDOW_MS - 5 * 60 * 1000 + 1000);
    expect((await loginRequest(TEST_ADMIN_PASSWORD, { ip })).status).toBe(200);
  });

  it("refused attempts do not extend the lockout", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const ip = "203.0.113.3";
    await failTimes(ip, LOGIN_MAX_FAILURES);
    for (let i = 0; i < 10; i += 1) expect((await loginRequest("wrong", { ip })).status).toBe(429);
    vi.setSystemTime(Date.now() + LOGIN_FAILURE_WINDOW_MS + 1000);
    expect((await loginRequest("wrong", { ip })).status).toBe(401);
  });

  it("failures spread over more than the window do not lock out", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const ip = "203.0.113.4";
    await failTimes(ip, LOGIN_MAX_FAILURES - 1);
    vi.setSystemTime(Date.now() + LOGIN_FAILURE_WINDOW_MS + 1000);
    await failTimes(ip, LOGIN_MAX_FAILURES - 1);
    expect((await loginRequest(TEST_ADMIN_PASSWORD, { ip })).status).toBe(200);
  });

  it("a successful login clears the address's failures", async () => {
    const ip = "203.0.113.5";
    await failTimes(ip, LOGIN_MAX_FAILURES - 1);
    expect((await loginRequest(TEST_ADMIN_PASSWORD, { ip })).status).toBe(200);
    await failTimes(ip, LOGIN_MAX_FAILURES);
    expect((await loginRequest("wrong", { ip })).status).toBe(429);
  });

  it("falls back to the edge's client-address header when context has no ip", async () => {
    const { default: login } = await import("../../netlify/functions/admin-login.mts");
    const attempt = (ip: string) =>
      login(
        new Request(`${TEST_ORIGIN}/api/admin/login`, {
          method: "POST",
          headers: { Origin: TEST_ORIGIN, "x-nf-client-connection-ip": ip },
          body: JSON.stringify({ password: "wrong" }),
        }),
        {} as never,
      );
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) expect((await attempt("203.0.113.6")).status).toBe(401);
    expect((await attempt("203.0.113.6")).status).toBe(429);
    expect((await attempt("203.0.113.7")).status).toBe(401);
  });
});

describe("session route", () => {
  it("GET from a foreign Origin still reads (safe method)", async () => {
    const cookie = await adminCookie();
    const request = new Request(`${TEST_ORIGIN}/api/admin/session`, {
      headers: { Cookie: cookie, Origin: "https://evil.example" },
    });
    expect((await session(request)).status).toBe(200);
  });

  it("405 for POST with a session (401 without one: auth comes first)", async () => {
    const cookie = await adminCookie();
    const post = (headers: HeadersInit) =>
      session(new Request(`${TEST_ORIGIN}/api/admin/session`, { method: "POST", headers }));
    expect((await post({ Cookie: cookie, Origin: TEST_ORIGIN })).status).toBe(405);
    expect((await post({ Origin: TEST_ORIGIN })).status).toBe(401);
  });

  it("logout 405 for GET with a session", async () => {
    const cookie = await adminCookie();
    const request = new Request(`${TEST_ORIGIN}/api/admin/logout`, { headers: { Cookie: cookie } });
    expect((await logout(request)).status).toBe(405);
  });
});

describe("logging", () => {
  it("never logs the admin password", () => {
    expect(logged.join("\n")).not.toContain(TEST_ADMIN_PASSWORD);
  });
});
