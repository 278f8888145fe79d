/**
 * Passkeys in the browser (docs/staff.md): signing in, making one (in the desk or from an
 * invitation) and showing it again before erasure or managing people. @simplewebauthn/browser is
 * loaded on first use, so the sign-in screens and the desk do not carry it until a passkey is used.
 *
 * Shipped to the browser: no Node APIs, astro:* or React.
 */
import { apiError } from "../api-client";

const JSON_HEADERS = { "Content-Type": "application/json" };
const webauthn = () => import("@simplewebauthn/browser");

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = (): boolean =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", credentials: "include", headers: JSON_HEADERS, body: JSON.stringify(body) });

async function options<T>(response: Response): Promise<T> {
  if (!response.ok) throw await apiError(response);
  return (await response.json()) as T;
}

/** What the phone said: "cancelled" when the person closed its prompt or it timed out. */
export type PasskeyOutcome = "ok" | "cancelled" | "unknown";

/** The phone's prompt; null when the person cancelled it (a NotAllowedError, the browser's word). */
async function ask<T>(prompt: () => Promise<T>): Promise<T | null> {
  try {
    return await prompt();
  } catch (error) {
    if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError"))
      return null;
    throw error;
  }
}

/** The options a passkey prompt starts from, fresh each time. */
const challenge = (url: string) => fetch(url, { credentials: "include", cache: "no-store" });

/** The phone's passkey shown for the challenge from `url`; null when the person cancelled. */
async function authenticate(url: string) {
  const { startAuthentication } = await webauthn();
  const optionsJSON = await options<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(
    await challenge(url),
  );
  return ask(() => startAuthentication({ optionsJSON }));
}

/** Signs in with a passkey of this site the phone offers; "unknown" when the site does not know it. */
export async function signInWithPasskey(): Promise<PasskeyOutcome> {
  const answer = await authenticate("/api/admin/passkey-sign-in");
  if (!answer) return "cancelled";
  const response = await post("/api/admin/passkey-sign-in", { response: answer });
  if (response.ok) return "ok";
  if (response.status === 401) return "unknown";
  throw await apiError(response);
}

/** Makes a passkey for the signed-in person; false when they cancelled. */
export async function createPasskey(): Promise<boolean> {
  const { startRegistration } = await webauthn();
  const optionsJSON = await options<Parameters<typeof startRegistration>[0]["optionsJSON"]>(
    await challenge("/api/admin/passkeys/register"),
  );
  const answer = await ask(() => startRegistration({ optionsJSON }));
  if (!answer) return false;
  const response = await post("/api/admin/passkeys/register", { response: answer });
  if (!response.ok) throw await apiError(response);
  return true;
}

/** The invitation's person, or null when the link was used or has expired (410). */
export async function openInvitation(token: string): Promise<{ name: string } | null> {
  const response = await post("/api/admin/invitation", { token });
  if (response.status === 410 || response.status === 400) return null;
  return { name: (await options<{ name: string }>(response)).name };
}

/** Makes the invited person's passkey and signs them in; false when they cancelled. */
export async function acceptInvitation(token: string): Promise<boolean> {
  const { startRegistration } = await webauthn();
  const { options: optionsJSON } = await options<{
    options: Parameters<typeof startRegistration>[0]["optionsJSON"];
  }>(await post("/api/admin/invitation", { token }));
  const answer = await ask(() => startRegistration({ optionsJSON }));
  if (!answer) return false;
  const response = await post("/api/admin/invitation", { token, response: answer });
  if (!response.ok) throw await apiError(response);
  return true;
}

/** Shows the person's passkey again (erasure, managing people); false when they cancelled. */
export async function confirmWithPasskey(): Promise<boolean> {
  const answer = await authenticate("/api/admin/passkeys/verify");
  if (!answer) return false;
  const response = await post("/api/admin/passkeys/verify", { response: answer });
  if (!response.ok) throw await apiError(response);
  return true;
}

/**
 * Makes a call; when the server asks for the passkey again (403 `reverify`), asks for it and
 * makes the call once more. The answer otherwise as it came.
 */
export async function withPasskeyProof(call: () => Promise<Response>): Promise<Response> {
  const first = await call();
  if (first.status !== 403) return first;
  const body = (await first
    .clone()
    .json()
    .catch(() => null)) as { reverify?: unknown } | null;
  if (body?.reverify !== true || !(await confirmWithPasskey())) return first;
  return call();
}
