import type { Config } from "@netlify/functions";
import * as z from "zod/mini";
import "../../src/lib/zod-locale.ts";
import { requireSignInAllowed, startSession } from "../lib/admin/auth.ts";
import { recordAudit } from "../lib/admin/audit-store.ts";
import { invitedUser } from "../lib/staff/staff-store.ts";
import { HttpError, requireMethod, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { json } from "../lib/http/responses.ts";

const MAX_BODY_BYTES = 16 * 1024;
const token = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, "This invitation link is not valid"));
const SignIn = z.object({ response: z.looseObject({ id: z.string().check(z.maxLength(1400)) }) });
const Invitation = z.object({ token, response: z.optional(SignIn.shape.response) });
const BODY = { requireJsonType: true, invalid: () => new HttpError(400, "A passkey's answer is required") };
const gone = () => new HttpError(410, "This invitation has been used or has expired");

/**
 * Signing in with a passkey, and an invitation's first passkey (docs/staff.md); no session needed.
 * /api/admin/passkey-sign-in: GET the options (the phone offers its own passkey for this site),
 * POST `{ response }` → 200 and a session cookie, 30 days on that phone. /api/admin/invitation:
 * POST `{ token }` → the invited person's name and the options to make a passkey; POST `{ token,
 * response }` stores it, uses the invitation up and signs them in (201). 410 for a used or
 * expired invitation.
 */
export default async (req: Request) => {
  try {
    const invitation = new URL(req.url).pathname.endsWith("/invitation");
    requireMethod(req, invitation ? ["POST"] : ["GET", "POST"]);
    await requireSignInAllowed(req);
    const passkeys = await import("../lib/staff/passkeys.ts");
    if (invitation) {
      const body = await readJson(req, Invitation, MAX_BODY_BYTES, BODY);
      const person = await invitedUser(body.token);
      if (!person) throw gone();
      if (!body.response) {
        return json({ name: person.name, options: await passkeys.registrationOptions(req, person) });
      }
      await passkeys.registerPasskey(req, person.id, body.response, body.token);
      const { cookie, tag } = await startSession(req, { userId: person.id, method: "passkey" });
      await recordAudit("passkey-added", { session: tag });
      return json({ authenticated: true }, { status: 201, headers: { "Set-Cookie": cookie } });
    }
    if (req.method === "GET") return json(await passkeys.authenticationOptions(req, "sign-in", null));
    const { response } = await readJson(req, SignIn, MAX_BODY_BYTES, BODY);
    const userId = await passkeys.authenticate(req, "sign-in", null, response);
    const { cookie, tag } = await startSession(req, { userId, method: "passkey" });
    await recordAudit("sign-in", { session: tag });
    return json({ authenticated: true }, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return toErrorResponse(error, "passkey-sign-in");
  }
};

export const config: Config = {
  path: ["/api/admin/passkey-sign-in", "/api/admin/invitation"],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
