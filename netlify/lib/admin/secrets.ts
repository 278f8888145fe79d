/**
 * The admin secrets: the shared password (ADMIN_PASSWORD), the key that signs session cookies and the
 * key that stands for client addresses in quotas and throttles. Kept apart from the session code so
 * that lower layers (client keys, quotas) can read a key without importing admin access.
 *
 * Admin access is off (every admin call answers 503) when, deployed, ADMIN_PASSWORD is unset,
 * shorter than ADMIN_PASSWORD_MIN_LENGTH characters or easy to guess (a strength score below
 * ADMIN_PASSWORD_MIN_SCORE), and in every Deploy Preview and branch deploy (docs/security.md, "Admin
 * password"). Each reason is logged once per process, never a secret.
 *
 * The two keys are SESSION_SECRET and CLIENT_KEY_SECRET when set (and at least SECRET_MIN_BYTES
 * long), else random ones drawn once and kept in table `site_secrets` (docs/security.md, "Secrets"):
 * never derived from the password, so a copy of the database gives no way to test guesses of it.
 * A stored key is read once per process; a database that cannot be read fails the call as any
 * storage outage does (503), with no other key to fall back on.
 */
import { createHmac, randomBytes } from "node:crypto";
import { isPreviewDeploy } from "../blobs/open-store.ts";
import { database } from "../database/database.ts";

/** Used only under the Netlify CLI (NETLIFY_LOCAL=true) when ADMIN_PASSWORD is unset. */
export const LOCAL_DEFAULT_PASSWORD = "admin";
/** Deployed, a shorter password counts as unset: online guessing must stay hopeless. */
export const ADMIN_PASSWORD_MIN_LENGTH = 16;
/**
 * zxcvbn's score (0-4) a deployed password needs: 3 is "safely unguessable" (about 10^10 guesses),
 * so long passwords made of a common word or a keyboard run (`passwordpassword`) count as unset.
 */
export const ADMIN_PASSWORD_MIN_SCORE = 3;
/** SESSION_SECRET and CLIENT_KEY_SECRET: 256 bits, the size of the HMAC-SHA256 keys they become. */
export const SECRET_MIN_BYTES = 32;

/**
 * The strength verdict on the deployed password, once judged in this process: the password and
 * whether it is too easy to guess. Judging loads the strength dictionaries (about 0.5 MB), so it
 * happens only where a password is checked: at sign-in, and when a request has no valid session
 * (judgeAdminPassword). A request with a valid session was signed in under a password that passed,
 * and the session key changes with the password.
 */
let verdict: { password: string; weak: boolean } | undefined;

/** Judges the deployed password's strength, once per process and password (see `verdict`). */
export async function judgeAdminPassword(): Promise<void> {
  const password = process.env.ADMIN_PASSWORD ?? "";
  if (process.env.NETLIFY_LOCAL === "true" || verdict?.password === password) return;
  if (Array.from(password).length < ADMIN_PASSWORD_MIN_LENGTH) return;
  const { passwordScore } = await import("./password-strength.ts");
  verdict = { password, weak: passwordScore(password) < ADMIN_PASSWORD_MIN_SCORE };
}

export interface AdminSecrets {
  password: string;
  /** SESSION_SECRET, else the stored random `session` secret. */
  secret: Buffer;
  /**
   * Signs session cookies and keys the sessions store. Derived from the secret *and* the password,
   * so changing ADMIN_PASSWORD ends every session even when the secret stays the same. It is
   * applied only to values the database never holds (a session's random id), so the stored secret
   * and a copy of the tables still give no way to test guesses of the password.
   */
  sessionKey: Buffer;
}

const warned = new Set<string>();

function warnOnce(reason: string, message: string): void {
  if (warned.has(reason)) return;
  warned.add(reason);
  console.warn(message);
}

/** Why admin access is off on this deploy, or null when the password may be used. */
function refusal(password: string): string | null {
  if (isPreviewDeploy()) {
    return "Admin access is off in Deploy Previews and branch deploys: sign in on the production site.";
  }
  if (process.env.NETLIFY_LOCAL === "true") return null;
  if (password === "") return "ADMIN_PASSWORD is not set: admin access stays off until it is.";
  if (Array.from(password).length < ADMIN_PASSWORD_MIN_LENGTH) {
    return `ADMIN_PASSWORD is shorter than ${ADMIN_PASSWORD_MIN_LENGTH} characters: admin access stays off until a longer one is set.`;
  }
  if (verdict?.password === password && verdict.weak) {
    return "ADMIN_PASSWORD is too easy to guess (common words, names, dates, repeats or keyboard runs): admin access stays off until a stronger one is set, such as 20 random characters from a password manager.";
  }
  return null;
}

/**
 * The value of SESSION_SECRET or CLIENT_KEY_SECRET when it is long enough; "" (unset) otherwise,
 * with a log line once per process that names the variable, never its value.
 */
function configuredSecret(name: "SESSION_SECRET" | "CLIENT_KEY_SECRET"): string {
  const value = process.env[name] ?? "";
  if (value === "" || Buffer.byteLength(value, "utf8") >= SECRET_MIN_BYTES) return value;
  warnOnce(
    `${name}-short`,
    `${name} is shorter than ${SECRET_MIN_BYTES} bytes, so it is ignored: a random secret kept in the database is used until a longer one is set (e.g. \`openssl rand -base64 48\`).`,
  );
  return "";
}

/** The names of the secrets `site_secrets` may hold. */
type StoredSecretName = "session" | "client-key";

/** The stored secrets this process has read, by name (a failed read is forgotten, to be tried again). */
const stored = new Map<StoredSecretName, Promise<Buffer>>();

/**
 * The random secret `name` of table `site_secrets`, drawn and stored by the first caller: an insert
 * that leaves a row already there alone, then a read of the row, so callers at once all use the one
 * that was stored first.
 */
function storedSecret(name: StoredSecretName): Promise<Buffer> {
  let secret = stored.get(name);
  if (!secret) {
    secret = readOrCreate(name);
    stored.set(name, secret);
    secret.catch(() => stored.delete(name));
  }
  return secret;
}

async function readOrCreate(name: StoredSecretName): Promise<Buffer> {
  const db = database();
  const read = async () =>
    (await db.query<{ value: Buffer }>("SELECT value FROM site_secrets WHERE name = $1", [name])).rows[0]
      ?.value;
  const found = await read();
  if (found) return found;
  await db.query("INSERT INTO site_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [
    name,
    randomBytes(SECRET_MIN_BYTES),
  ]);
  const value = await read();
  if (!value) throw new Error(`The ${name} secret could not be stored`);
  return value;
}

/** The password admin access runs on; null when it is off (see above), with the reason logged. */
export function adminPassword(): string | null {
  const password = process.env.ADMIN_PASSWORD ?? "";
  const refused = refusal(password);
  if (refused) {
    warnOnce(refused, refused);
    return null;
  }
  if (password !== "") return password;
  warnOnce(
    "local-default",
    "ADMIN_PASSWORD is not set: the admin pages accept the local default password. Set ADMIN_PASSWORD before deploying.",
  );
  return LOCAL_DEFAULT_PASSWORD;
}

/**
 * The configured password and signing keys; null when admin access is off (see above), without a
 * database read. Rejects when the stored secret cannot be read (a storage outage: 503).
 */
export async function adminSecrets(): Promise<AdminSecrets | null> {
  const password = adminPassword();
  if (password === null) return null;
  const configured = configuredSecret("SESSION_SECRET");
  const secret = configured !== "" ? Buffer.from(configured, "utf8") : await storedSecret("session");
  const sessionKey = createHmac("sha256", secret).update(`sessions\0${password}`).digest();
  return { password, secret, sessionKey };
}

/**
 * The secret that keys client addresses (client-key.ts) and receipt recipients (mail-limits.ts):
 * CLIENT_KEY_SECRET when set (and long enough), else the stored random `client-key` secret, whether
 * or not admin access is on. Rejects when the stored secret cannot be read.
 */
export async function clientKeySecret(): Promise<Buffer> {
  const dedicated = configuredSecret("CLIENT_KEY_SECRET");
  return dedicated !== "" ? Buffer.from(dedicated, "utf8") : storedSecret("client-key");
}
