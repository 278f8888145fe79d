/**
 * Server-side admin access (DESIGN.md §5): one shared password from ADMIN_PASSWORD, sessions in an
 * HttpOnly cookie that are both HMAC-signed (SESSION_SECRET, else derived from the password) and
 * recorded in Blobs, so logout or a password change ends them for every copy of the cookie.
 *
 * Cookie value: `<id>.<expiresAt ms>.<signature>`; `id` is 256 random bits. The sessions store is
 * keyed by an HMAC of the id, never by the id itself.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { errorResponse } from "./http.ts";
import { isStorageOutage, toErrorResponse } from "./http-error.ts";
import { deleteExpiredSessions, deleteSession, findSession, saveSession } from "./session-store.ts";

export const ADMIN_SESSION_COOKIE = "admin_session";
export const ADMIN_SESSION_TTL_MS = 4 * 60 * 60 * 1000;
/** Used only under the Netlify CLI (NETLIFY_LOCAL=true) when ADMIN_PASSWORD is unset. */
export const LOCAL_DEFAULT_PASSWORD = "admin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const NO_STORE = { "Cache-Control": "no-store" };

interface AdminSecrets {
  password: string;
  secret: Buffer;
}

let warnedAboutDefault = false;

/** The configured password and signing secret; null when deployed without ADMIN_PASSWORD. */
function adminSecrets(): AdminSecrets | null {
  let password = process.env.ADMIN_PASSWORD ?? "";
  if (password === "") {
    if (process.env.NETLIFY_LOCAL !== "true") return null;
    if (!warnedAboutDefault) {
      warnedAboutDefault = true;
      console.warn(
        "ADMIN_PASSWORD is not set: the admin pages accept the local default password. Set ADMIN_PASSWORD before deploying.",
      );
    }
    password = LOCAL_DEFAULT_PASSWORD;
  }
  const configured = process.env.SESSION_SECRET ?? "";
  const secret =
    configured !== ""
      ? Buffer.from(configured, "utf8")
      : createHmac("sha256", password).update("glenbrae-admin-session-secret").digest();
  return { password, secret };
}

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

function unavailable(): Response {
  return errorResponse(503, "Admin access is not configured on this site", { headers: NO_STORE });
}

function unauthorized(): Response {
  return errorResponse(401, "Authentication required", { headers: NO_STORE });
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

/** 503 when unconfigured, 403 for a foreign Origin on a state-changing method; else null. */
export function refuseUnavailableOrForeign(req: Request): Response | null {
  if (!adminSecrets()) return unavailable();
  if (isForeignRequest(req)) {
    return errorResponse(403, "Cross-site requests are not allowed", { headers: NO_STORE });
  }
  return null;
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

async function validSession(req: Request, secrets: AdminSecrets): Promise<ParsedToken | null> {
  const token = readCookie(req, ADMIN_SESSION_COOKIE);
  if (!token) return null;
  const now = Date.now();
  const parsed = parseToken(token, secrets.secret, now);
  if (!parsed) return null;
  const record = await findSession(parsed.storeKey);
  if (!record || record.expiresAt !== parsed.expiresAt || record.expiresAt <= now) return null;
  return parsed;
}

/**
 * null when the request carries a valid admin session; otherwise the Response to return
 * (401, 403 foreign Origin on state-changing methods, 503 when deployed without ADMIN_PASSWORD).
 * Reads nothing of the body.
 */
export async function requireAdmin(req: Request): Promise<Response | null> {
  const refusal = refuseUnavailableOrForeign(req);
  if (refusal) return refusal;
  const secrets = adminSecrets() as AdminSecrets;
  try {
    return (await validSession(req, secrets)) ? null : unauthorized();
  } catch (error) {
    // The session store is unreachable: a 503 to retry, not a 401 that would sign the owner out.
    if (isStorageOutage(error)) return toErrorResponse(error, "admin session check");
    throw error;
  }
}

/** Whether `candidate` is the admin password. False when admin access is unconfigured. */
export function passwordMatches(candidate: string): boolean {
  const secrets = adminSecrets();
  return secrets !== null && constantTimeEqual(candidate, secrets.password);
}

function isHttps(req: Request): boolean {
  return (
    new URL(req.url).protocol === "https:" ||
    req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https"
  );
}

function cookieHeader(req: Request, value: string, maxAgeSeconds: number): string {
  const attributes = [
    `${ADMIN_SESSION_COOKIE}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (isHttps(req)) attributes.push("Secure");
  return attributes.join("; ");
}

/** Starts a session; returns the Set-Cookie header value. Requires configured admin access. */
export async function startSession(req: Request): Promise<string> {
  const secrets = adminSecrets();
  if (!secrets) throw new Error("Admin access is not configured");
  const now = Date.now();
  const expiresAt = now + ADMIN_SESSION_TTL_MS;
  let id: string;
  do {
    id = randomBytes(32).toString("base64url");
  } while (
    !(await saveSession(hmac(secrets.secret, "store", id).toString("hex"), { createdAt: now, expiresAt }))
  );
  // Pruning is housekeeping: a failure here must not fail the login.
  await deleteExpiredSessions(now).catch(() => 0);
  const signature = hmac(secrets.secret, "cookie", `${id}.${expiresAt}`).toString("base64url");
  return cookieHeader(req, `${id}.${expiresAt}.${signature}`, ADMIN_SESSION_TTL_MS / 1000);
}

/** Ends the request's session on the server, if it has one; returns a Set-Cookie that clears it. */
export async function endSession(req: Request): Promise<string> {
  const secrets = adminSecrets();
  if (secrets) {
    const session = await validSession(req, secrets);
    if (session) await deleteSession(session.storeKey);
  }
  return cookieHeader(req, "", 0);
}

/**
 * The secret that keys client addresses (client-key.ts): CLIENT_KEY_SECRET when set, else the
 * session signing secret, else (deployed without ADMIN_PASSWORD) a fixed value, which still keeps
 * clients apart but no longer hides their addresses from someone who can read the stores.
 */
export function clientKeySecret(): Buffer {
  const dedicated = process.env.CLIENT_KEY_SECRET ?? "";
  if (dedicated !== "") return Buffer.from(dedicated, "utf8");
  return adminSecrets()?.secret ?? Buffer.from("glenbrae-unconfigured-client-key");
}
