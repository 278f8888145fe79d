/**
 * The owner's calls about the people of the desk (docs/staff.md): the people, adding and removing
 * them, and who is signed in where. Adding and removing ask for the passkey again when the server
 * wants it (withPasskeyProof).
 *
 * Shipped to the browser: no Node APIs, astro:* or React.
 */
import { apiError } from "../api-client";
import { SessionEndedError } from "./api";
import type { DeskPerson, DeskSession, Role } from "./people";
import { withPasskeyProof } from "./passkey-client";

async function checked(response: Response): Promise<Response> {
  if (response.status === 401) throw new SessionEndedError();
  if (!response.ok) throw await apiError(response);
  return response;
}

const get = async <T>(url: string) =>
  (await (await checked(await fetch(url, { credentials: "include", cache: "no-store" }))).json()) as T;

export const fetchPeople = () => get<DeskPerson[]>("/api/admin/users");
export const fetchSessions = () => get<DeskSession[]>("/api/admin/sessions");

/** Adds a person; the answer says whether their invitation e-mail went. 400 comes back as fieldErrors. */
export async function addPerson(person: {
  name: string;
  email: string;
  role: Exclude<Role, "owner">;
}): Promise<
  | { ok: true; invitation: "sent" | "not sent" }
  | { ok: false; fieldErrors: Record<string, string[]>; error: string }
> {
  const response = await withPasskeyProof(() =>
    fetch("/api/admin/users", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(person),
    }),
  );
  if (response.status === 400 || response.status === 409) {
    const body = (await response.json()) as { error: string; fieldErrors?: Record<string, string[]> };
    return { ok: false, fieldErrors: body.fieldErrors ?? {}, error: body.error };
  }
  const body = (await (await checked(response)).json()) as { invitation: "sent" | "not sent" };
  return { ok: true, invitation: body.invitation };
}

export async function removePerson(id: string): Promise<void> {
  await checked(
    await withPasskeyProof(() =>
      fetch(`/api/admin/users/${encodeURIComponent(id)}`, { method: "DELETE", credentials: "include" }),
    ),
  );
}

/** Sends a person a new invitation (the older links stop working); whether the e-mail went. */
export async function resendInvitation(id: string): Promise<"sent" | "not sent"> {
  const response = await checked(
    await withPasskeyProof(() =>
      fetch(`/api/admin/users/${encodeURIComponent(id)}/invitation`, {
        method: "POST",
        credentials: "include",
      }),
    ),
  );
  return ((await response.json()) as { invitation: "sent" | "not sent" }).invitation;
}

export async function endSession(id: string): Promise<void> {
  await checked(
    await fetch(`/api/admin/sessions/${encodeURIComponent(id)}`, {
      method: "DELETE",
      credentials: "include",
    }),
  );
}
