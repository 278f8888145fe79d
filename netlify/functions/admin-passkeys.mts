import type { Config } from "@netlify/functions";
import * as z from "zod/mini";
import "../../src/lib/zod-locale.ts";
import { requireAdmin } from "../lib/admin/auth.ts";
import { recordAudit } from "../lib/admin/audit-store.ts";
import { markVerified } from "../lib/admin/session-store.ts";
import { HttpError, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { json } from "../lib/http/responses.ts";

/** A passkey's answer as @simplewebauthn/browser gives it; the library checks what is inside. */
const Answer = z.object({ response: z.looseObject({ id: z.string().check(z.maxLength(1400)) }) });
const MAX_BODY_BYTES = 16 * 1024;
const ANSWER = { requireJsonType: true, invalid: () => new HttpError(400, "A passkey's answer is required") };

/**
 * A signed-in person's passkeys (docs/staff.md). /api/admin/passkeys/register: GET the options to
 * make one, POST `{ response }` stores it (201). /api/admin/passkeys/verify: GET the options to use
 * one of one's own, POST `{ response }` confirms it is still them (200), which erasure and managing
 * people ask of a passkey session every 10 minutes.
 */
export default async (req: Request) => {
  try {
    const session = await requireAdmin(req, ["GET", "POST"]);
    const registering = new URL(req.url).pathname.endsWith("/register");
    const { authenticate, authenticationOptions, registerPasskey, registrationOptions } =
      await import("../lib/staff/passkeys.ts");
    if (req.method === "GET") {
      return json(
        registering
          ? await registrationOptions(req, session.user)
          : await authenticationOptions(req, "verify", session.user.id),
      );
    }
    const { response } = await readJson(req, Answer, MAX_BODY_BYTES, ANSWER);
    if (registering) {
      await registerPasskey(req, session.user.id, response, null);
      await recordAudit("passkey-added", { session: session.tag });
      return json({ created: true }, { status: 201 });
    }
    await authenticate(req, "verify", session.user.id, response);
    await markVerified(session.storeKey, Date.now());
    return json({ verified: true });
  } catch (error) {
    return toErrorResponse(error, "admin-passkeys");
  }
};

export const config: Config = { path: ["/api/admin/passkeys/register", "/api/admin/passkeys/verify"] };
