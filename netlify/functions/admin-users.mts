import type { Config, Context } from "@netlify/functions";
import * as z from "zod/mini";
import "../../src/lib/zod-locale.ts";
import { requireAdmin } from "../lib/admin/auth.ts";
import { recordAudit } from "../lib/admin/audit-store.ts";
import { addUser, listUsers, removeUser, renewInvitation } from "../lib/staff/staff-store.ts";
import { sendInvitation } from "../lib/staff/invitation-mail.ts";
import { MethodNotAllowedError, NotFoundError, toErrorResponse } from "../lib/http/http-error.ts";
import { readJson } from "../lib/http/request-body.ts";
import { json, noContent } from "../lib/http/responses.ts";

const UserBody = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, "Enter the person's name"), z.maxLength(100)),
  email: z.string().check(z.trim(), z.email("Enter a valid e-mail address"), z.maxLength(254)),
  role: z.enum(["office", "crew"], "Choose office or crew"),
});

/**
 * The people of the desk (docs/staff.md), the owner's alone: GET the list; POST `{ name, email,
 * role }` adds a person (201) and e-mails them an invitation to create a passkey, single use, 7
 * days; DELETE /api/admin/users/{id} removes them (204) and ends their sessions at once; POST
 * /api/admin/users/{id}/invitation sends a new invitation (201), the older links no longer working.
 */
export default async (req: Request, context?: Context) => {
  try {
    const id = context?.params?.id;
    if (id && new URL(req.url).pathname.endsWith("/invitation")) {
      const session = await requireAdmin(req, ["POST"]);
      const renewed = await renewInvitation(id);
      if (!renewed) throw new NotFoundError();
      const invitation = await sendInvitation(req, renewed.user, renewed.token, session.user.name);
      return json({ invitation }, { status: 201 });
    }
    const session = await requireAdmin(req, id ? ["DELETE"] : ["GET", "POST"]);
    if (id) {
      if (!(await removeUser(id))) throw new NotFoundError();
      await recordAudit("person-removed", { session: session.tag });
      return noContent();
    }
    if (req.method === "GET") return json(await listUsers());
    if (req.method === "POST") {
      const body = await readJson(req, UserBody, 2048, { requireJsonType: true });
      const { user, token } = await addUser(body);
      await recordAudit("person-added", { session: session.tag });
      const invitation = await sendInvitation(req, user, token, session.user.name);
      return json(
        { id: user.id, name: user.name, email: user.email, role: user.role, invitation },
        { status: 201 },
      );
    }
    throw new MethodNotAllowedError(["GET", "POST"]);
  } catch (error) {
    return toErrorResponse(error, "admin-users");
  }
};

export const config: Config = {
  path: ["/api/admin/users", "/api/admin/users/:id", "/api/admin/users/:id/invitation"],
};
