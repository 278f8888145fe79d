/**
 * Server-side admin access (docs/security.md, Admin access): one shared password from ADMIN_PASSWORD,
 * sessions in an HttpOnly cookie that are both HMAC-signed (a key derived from SESSION_SECRET, else
 * from the random secret kept in the database, and always from the password too) and recorded in
 * the database, so logout or a password change ends them for every copy of the cookie.
 *
 * Cookie value: `<id>.<expiresAt ms>.<signature>`; `id` is 256 random bits. The sessions table is
 * keyed by an HMAC of the id, never by the id itself. Over https the cookie is named
 * `__Host-admin_session`: the browser then accepts it only from this very host, with Secure and
 * Path=/, so a sibling subdomain or a plain-http page cannot plant or overwrite it.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { json } from "../http/responses.ts";
import { HttpError, MethodNotAllowedError, UnauthorizedError } from "../http/http-error.ts";
import type { DeskUser } from "../../../src/lib/admin/people.ts";
import { accessRule } from "./access.ts";
import { adminPassword, adminSecrets, judgeAdminPassword, type AdminSecrets } from "./secrets.ts";
import {
  deleteExpiredSessions,
  deleteSession,
  extendSession,
  findSession,
  saveSession,
  type FoundSession,
  type SignInMethod,
} from "./session-store.ts";

export const ADMIN_SESSION_COOKIE = "admin_session";
/** The cookie's name over https (the `__Host-` prefix needs Secure, which plain-http localhost cannot keep). */
export const SECURE_SESSION_COOKIE = `__Host-${ADMIN_SESSION_COOKIE}`;
export const ADMIN_SESSION_TTL_MS = 4 * 60 * 60 * 1000;
/** A passkey session on one's own phone: 30 days from its last use (docs/staff.md). */
export const PASSKEY_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A passkey session's expiry moves on at most once in this time (one write a day, not per call). */
export const PASSKEY_SLIDE_STEP_MS = 24 * 60 * 60 * 1000;
/** Erasure and managing people want a passkey session's proof no older than this. */
export const REVERIFY_WINDOW_MS = 10 * 60 * 1000;
/** The owner's row in `staff_users`: every password session is his. */
export const OWNER_ID = "00000000-0000-4000-8000-000000000001";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function hmac(secret: Buffer, purpose: string, value: string): Buffer {
  return createHmac("sha256", secret).update(`${purpose}\0${value}`).digest();
}

/** Compares in time independent of where the strings differ and of their lengths. */
function constantTimeEqual(a: string, b: string): boolean {
  const key = randomBytes(32);
  const digestA = createHmac("sha256", key).update(a).digest();
  const digestB = createHmac("sha256", key).update(b).digest();
  return timingSafeEqual(digestA, digestB);
}

const unavailable = () => new HttpError(503, "Admin access is not configured on this site");
const forbidden = () => new HttpError(403, "Cross-site requests are not allowed");

/**
 * A refused sign-in (401 wrong password or no session, 429 locked out) that may tell the sign-in
 * screens that sign-in is slowed site-wide: `{ error, signInSlowed: true }`.
 */
export class SignInRefused extends HttpError {
  readonly signInSlowed: boolean;

  constructor(status: 401 | 429, message: string, signInSlowed: boolean, headers?: HeadersInit) {
    super(status, message, undefined, headers);
    this.signInSlowed = signInSlowed;
  }

  override toResponse(): Response {
    if (!this.signInSlowed) return super.toResponse();
    return json({ error: this.message, signInSlowed: true }, { status: this.status, headers: this.headers });
  }
}

/** True when a state-changing request comes from another site (or hides where it comes from). */
function isForeignRequest(req: Request): boolean {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  const origin = req.headers.get("origin");
  if (origin === null) return req.headers.get("sec-fetch-site") === "cross-site";
  if (origin === "null") return true;
  try {
    return new URL(origin).host !== new URL(req.url).host;
  } catch {
    return true;
  }
}

/**
 * The guards of sign-in, which has no session to check yet: throws 503 when admin access is not
 * configured, 403 for a foreign Origin on a state-changing method.
 */
export async function requireSignInAllowed(req: Request): Promise<void> {
  await judgeAdminPassword();
  if (adminPassword() === null) throw unavailable();
  if (isForeignRequest(req)) throw forbidden();
}

function readCookie(req: Request, name: string): string | null {
  const header = req.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

interface ParsedToken {
  storeKey: string;
  expiresAt: number;
}

/** The short tag of a session the activity log names it by: part of its store key, never its cookie. */
const sessionTag = (storeKey: string) => storeKey.slice(0, 8);

/** Checks signature and expiry of a cookie value; the store lookup is the caller's. */
function parseToken(token: string, secret: Buffer, now: number): ParsedToken | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [id, expiry, signature] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]{43}$/.test(id) || !/^\d{1,16}$/.test(expiry)) return null;
  const expected = hmac(secret, "cookie", `${id}.${expiry}`);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = Number(expiry);
  if (expiresAt <= now) return null;
  return { storeKey: hmac(secret, "store", id).toString("hex"), expiresAt };
}

interface ValidSession extends ParsedToken {
  record: FoundSession;
}

/**
 * The request's session when its cookie is signed, unexpired, and its row lives with a person not
 * removed. The row's expiry is the one that counts: a passkey session's moves on (sliding), and the
 * cookie carrying the earlier one stays valid until then.
 */
async function validSession(req: Request, secrets: AdminSecrets): Promise<ValidSession | null> {
  const token = readCookie(req, cookieName(req));
  if (!token) return null;
  const now = Date.now();
  const parsed = parseToken(token, secrets.sessionKey, now);
  if (!parsed) return null;
  const record = await findSession(parsed.storeKey);
  if (!record || record.expiresAt <= now) return null;
  return { ...parsed, record };
}

/**
 * The guards of every admin function, in one order: auth first, as docs/http-contract.md requires ("401
 * before anything else"): 503 when deployed without ADMIN_PASSWORD, 401 without a valid session;
 * then the method (405, `Allow` lists `methods` but HEAD); then the origin (403 for a foreign
 * `Origin` on a state-changing method); then the person's role, by the table of access.ts (403),
 * and for erasure and managing people a passkey shown again lately (403 `reverify`). Throws the
 * refusal; returns the session and its person when the request may proceed
 * to its body, which is not read here. A sessions table that cannot be read throws its own error,
 * which the handler's toErrorResponse answers 503 (to retry), never a 401 that would sign the
 * owner out.
 */
export async function requireAdmin(req: Request, methods: readonly string[]): Promise<AdminSession> {
  const secrets = await adminSecrets();
  if (!secrets) throw unavailable();
  const session = await validSession(req, secrets);
  if (!session) {
    // The way to a session is sign-in: a password too easy to guess answers 503 here too.
    await judgeAdminPassword();
    if (adminPassword() === null) throw unavailable();
    throw new UnauthorizedError();
  }
  if (!methods.includes(req.method)) throw new MethodNotAllowedError(methods.filter((m) => m !== "HEAD"));
  if (isForeignRequest(req)) throw forbidden();
  const { record } = session;
  // The Netlify CLI hands a function whose path ends in a file name (export.csv) the URL with
  // ".html" or ".htm" added (docs/workarounds.md); no API route ends so, and the suffix is dropped.
  const rule = accessRule(new URL(req.url).pathname.replace(/\.html?$/, ""), req.method);
  if (!(rule?.roles ?? ["owner"]).includes(record.role)) throw new HttpError(403, "Your role cannot do this");
  if (rule?.fresh && record.method === "passkey" && Date.now() - record.verifiedAt > REVERIFY_WINDOW_MS) {
    throw new ReverifyNeeded();
  }
  return {
    tag: sessionTag(session.storeKey),
    storeKey: session.storeKey,
    user: { id: record.userId, name: record.name, role: record.role },
    method: record.method,
    expiresAt: record.expiresAt,
  };
}

/** 403 `{ error, reverify: true }`: the desk asks for the passkey and tries again. */
export class ReverifyNeeded extends HttpError {
  constructor() {
    super(403, "Confirm it is you with your passkey first");
  }

  override toResponse(): Response {
    return json({ error: this.message, reverify: true }, { status: this.status });
  }
}

/** The session an admin request came with: its tag (what the activity log names it by) and person. */
export interface AdminSession {
  tag: string;
  /** The session's row key; never sent anywhere. */
  storeKey: string;
  user: DeskUser;
  method: SignInMethod;
  expiresAt: number;
}

/**
 * Moves a passkey session's expiry to 30 days from now, at most once a day; returns the Set-Cookie
 * that carries the new expiry, or null when nothing moved. GET /api/admin/session calls it, so a
 * phone that opens the desk stays signed in.
 */
export async function slideSession(req: Request, session: AdminSession): Promise<string | null> {
  const secrets = await adminSecrets();
  const token = readCookie(req, cookieName(req));
  if (!secrets || !token || session.method !== "passkey") return null;
  const now = Date.now();
  if (session.expiresAt - now > PASSKEY_SESSION_TTL_MS - PASSKEY_SLIDE_STEP_MS) return null;
  const expiresAt = now + PASSKEY_SESSION_TTL_MS;
  await extendSession(session.storeKey, expiresAt, now);
  const id = token.split(".")[0]!;
  const signature = hmac(secrets.sessionKey, "cookie", `${id}.${expiresAt}`).toString("base64url");
  return cookieHeader(req, `${id}.${expiresAt}.${signature}`, PASSKEY_SESSION_TTL_MS / 1000);
}

/** Whether `candidate` is the admin password. False when admin access is unconfigured. */
export function passwordMatches(candidate: string): boolean {
  const password = adminPassword();
  return password !== null && constantTimeEqual(candidate, password);
}

function isHttps(req: Request): boolean {
  return (
    new URL(req.url).protocol === "https:" ||
    req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https"
  );
}

/** `__Host-admin_session` over https, `admin_session` on plain http (local runs). */
export function cookieName(req: Request): string {
  return isHttps(req) ? SECURE_SESSION_COOKIE : ADMIN_SESSION_COOKIE;
}

function cookieHeader(req: Request, value: string, maxAgeSeconds: number): string {
  const attributes = [
    `${cookieName(req)}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (isHttps(req)) attributes.push("Secure");
  return attributes.join("; ");
}

/**
 * Starts a session; returns the Set-Cookie header value and the session's tag. A session the
 * request still carries (signing in again on the same browser) is ended first, so a replaced
 * session never stays valid (ASVS 7.2.4). Requires configured admin access.
 */
export async function startSession(
  req: Request,
  person: { userId: string; method: SignInMethod } = { userId: OWNER_ID, method: "password" },
): Promise<{ cookie: string; tag: string }> {
  const secrets = await adminSecrets();
  if (!secrets) throw new Error("Admin access is not configured");
  const now = Date.now();
  await endCarriedSession(req, secrets.sessionKey);
  const ttl = person.method === "passkey" ? PASSKEY_SESSION_TTL_MS : ADMIN_SESSION_TTL_MS;
  const expiresAt = now + ttl;
  const record = { createdAt: now, expiresAt, ...person, device: deviceOf(req) };
  let id: string;
  do {
    id = randomBytes(32).toString("base64url");
  } while (!(await saveSession(hmac(secrets.sessionKey, "store", id).toString("hex"), record)));
  // Pruning is housekeeping: a failure here must not fail the login.
  await deleteExpiredSessions(now).catch(() => 0);
  const signature = hmac(secrets.sessionKey, "cookie", `${id}.${expiresAt}`).toString("base64url");
  return {
    cookie: cookieHeader(req, `${id}.${expiresAt}.${signature}`, ttl / 1000),
    tag: sessionTag(hmac(secrets.sessionKey, "store", id).toString("hex")),
  };
}

/** Deletes the session the request's cookie names, if its signature holds (expired or not). */
async function endCarriedSession(req: Request, secret: Buffer): Promise<void> {
  const token = readCookie(req, cookieName(req));
  // Signature checked as if it had not expired: an expired session is deleted just the same.
  const parsed = token ? parseToken(token, secret, 0) : null;
  if (parsed) await deleteSession(parsed.storeKey);
}

/** Ends the request's session on the server, if it has one; returns a Set-Cookie that clears it. */
export async function endSession(req: Request): Promise<string> {
  const secrets = await adminSecrets();
  if (secrets) {
    const session = await validSession(req, secrets);
    if (session) await deleteSession(session.storeKey);
  }
  return cookieHeader(req, "", 0);
}

/** The browser and system a request comes from, in the few words the owner's list shows. */
export function deviceOf(req: Request): string {
  const agent = req.headers.get("user-agent") ?? "";
  const system =
    [
      [/iPhone/, "iPhone"],
      [/iPad/, "iPad"],
      [/Android/, "Android"],
      [/Windows/, "Windows"],
      [/Mac OS X|Macintosh/, "Mac"],
      [/CrOS/, "Chromebook"],
      [/Linux/, "Linux"],
    ].find(([pattern]) => (pattern as RegExp).test(agent))?.[1] ?? "Unknown device";
  const browser =
    [
      [/Edg\//, "Edge"],
      [/SamsungBrowser/, "Samsung Internet"],
      [/Firefox\/|FxiOS/, "Firefox"],
      [/Chrome\/|CriOS/, "Chrome"],
      [/Safari\//, "Safari"],
    ].find(([pattern]) => (pattern as RegExp).test(agent))?.[1] ?? "";
  return browser ? `${browser} on ${system}` : (system as string);
}
