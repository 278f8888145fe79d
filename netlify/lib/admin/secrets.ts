/**
 * The admin secrets: the shared password (ADMIN_PASSWORD), the key that signs session cookies and the
 * key that stands for client addresses in quotas and throttles. Kept apart from the session code so
 * that lower layers (client keys, quotas) can read a key without importing admin access.
 */
import { createHmac } from "node:crypto";

/** Used only under the Netlify CLI (NETLIFY_LOCAL=true) when ADMIN_PASSWORD is unset. */
export const LOCAL_DEFAULT_PASSWORD = "admin";

export interface AdminSecrets {
  password: string;
  secret: Buffer;
}

let warnedAboutDefault = false;

/** The configured password and signing secret; null when deployed without ADMIN_PASSWORD. */
export function adminSecrets(): AdminSecrets | null {
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
