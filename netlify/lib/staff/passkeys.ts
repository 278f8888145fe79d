/**
 * Passkeys (WebAuthn, docs/staff.md) with @simplewebauthn/server: the options a browser needs to
 * make or use a passkey, and the check of its answer. The relying party is the host the request
 * came to (locally `localhost`), user verification is required, each challenge is used once
 * within 5 minutes, and a passkey's counter must move on at every use.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { businessDetails } from "../business.ts";
import { HttpError } from "../http/http-error.ts";
import { deviceOf } from "../admin/auth.ts";
import {
  findPasskey,
  passkeyIdsOf,
  saveChallenge,
  savePasskey,
  takeChallenge,
  usePasskey,
} from "./staff-store.ts";

type Purpose = "register" | "sign-in" | "verify";

/**
 * A browser's answer as the functions read it: an object with the credential's id. Its inside is
 * checked by the library (a malformed answer fails its verification), not by a schema here.
 */
export type PasskeyAnswer = { id: string } & Record<string, unknown>;

/** The relying party: the host the person sees in the address bar, and its origin. */
function relyingParty(req: Request): { id: string; origin: string } {
  const url = new URL(req.url);
  return { id: url.hostname, origin: url.origin };
}

const refused = () => new HttpError(400, "The passkey could not be checked. Please try again.");

/**
 * The expected-challenge check: the challenge in the answer must be one this site issued for
 * `purpose` (and, when given, for `userId`), unused and unexpired; taking it uses it up.
 */
function challengeOf(purpose: Purpose, userId: string | null) {
  const taken: { userId: string | null }[] = [];
  const check = async (challenge: string) => {
    const found = await takeChallenge(challenge, purpose);
    if (!found || (userId !== null && found.userId !== userId)) return false;
    taken.push(found);
    return true;
  };
  return { check, taken };
}

/** Options to make a passkey for `user` (already their passkeys excluded, so one phone makes one). */
export async function registrationOptions(
  req: Request,
  user: { id: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: (await businessDetails()).name,
    rpID: relyingParty(req).id,
    userName: user.name,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: (await passkeyIdsOf(user.id)).map(({ id, transports }) => ({ id, transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await saveChallenge(options.challenge, "register", user.id);
  return options;
}

/** Checks and stores a new passkey for `userId`; `invitation` is used up with it when given. */
export async function registerPasskey(
  req: Request,
  userId: string,
  answer: PasskeyAnswer,
  invitation: string | null,
): Promise<void> {
  const rp = relyingParty(req);
  const challenge = challengeOf("register", userId);
  const result = await verifyRegistrationResponse({
    response: answer as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge.check,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified) throw refused();
  const { credential } = result.registrationInfo;
  await savePasskey(
    {
      credentialId: credential.id,
      userId,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      label: deviceOf(req),
    },
    invitation,
  );
}

/**
 * Options to use a passkey: for signing in, any of this site's (the phone offers its own); to
 * confirm it is still `userId`, only theirs.
 */
export async function authenticationOptions(
  req: Request,
  purpose: "sign-in" | "verify",
  userId: string | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowCredentials =
    userId === null
      ? undefined
      : (await passkeyIdsOf(userId)).map(({ id, transports }) => ({ id, transports }));
  if (allowCredentials?.length === 0) throw new HttpError(409, "Create a passkey first");
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(req).id,
    userVerification: "required",
    ...(allowCredentials ? { allowCredentials } : {}),
  });
  await saveChallenge(options.challenge, purpose, userId);
  return options;
}

/** Checks a passkey's answer; returns whose passkey it is. 401 when it does not hold. */
export async function authenticate(
  req: Request,
  purpose: "sign-in" | "verify",
  userId: string | null,
  answer: PasskeyAnswer,
): Promise<string> {
  const passkey = await findPasskey(answer.id);
  if (!passkey || (userId !== null && passkey.userId !== userId)) {
    throw new HttpError(401, "This passkey is not known here");
  }
  const rp = relyingParty(req);
  const challenge = challengeOf(purpose, userId);
  const result = await verifyAuthenticationResponse({
    response: answer as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge.check,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!result?.verified) throw new HttpError(401, "The passkey could not be checked. Please try again.");
  if (!(await usePasskey(passkey.credentialId, result.authenticationInfo.newCounter))) {
    throw new HttpError(401, "This passkey's counter went back: it may have been copied");
  }
  return passkey.userId;
}
