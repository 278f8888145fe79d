/**
 * Staff accounts, roles and passkeys (docs/staff.md), through the real functions, on real PostgreSQL
 * and a real SMTP server, with passkeys answered by a software authenticator the server's WebAuthn
 * library checks as it checks a phone's: the owner adds people, the invitation's link makes a
 * passkey, each role is held to its table on every admin route, removal ends sessions at once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { ACCESS } from "../../netlify/lib/admin/access.ts";
import { ROLES, type Role } from "../../src/lib/admin/people.ts";
import { OWNER_ID, REVERIFY_WINDOW_MS } from "../../netlify/lib/admin/auth.ts";
import { useVisitAvailability } from "../../netlify/lib/visits/visit-content.ts";
import { ALWAYS_OPEN } from "./visit-fixtures.ts";
import { adminCookie, cookieFrom, useAdminSession } from "./admin-session.ts";
import { callApi } from "./api-client.ts";
import { clearLimits, queryRecords, savedLead } from "./database.ts";
import { FUNCTION_ROUTES } from "./function-routes.ts";
import exportLeads from "../../netlify/functions/admin-contact-submissions-export.mts";
import { SoftwareAuthenticator } from "./software-authenticator.ts";
import { startSmtp, type TestSmtp } from "./smtp.ts";

const owner = useAdminSession();
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});
beforeEach(async () => {
  process.env.SMTP_URL = smtp.url;
  await clearLimits();
});

type Json = Record<string, unknown>;
const body = async (response: Response) => (await response.json()) as Json;

/** The invitation link's token in the last e-mail to `address`. */
function invitationToken(address: string): string {
  const mail = smtp.messages.filter((m) => m.envelope.to.includes(address)).at(-1);
  if (!mail) throw new Error(`No e-mail to ${address}`);
  const match = /\/staff-invitation#([A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? "");
  if (!match) throw new Error("No invitation link in the e-mail");
  return match[1]!;
}

let people = 0;

/** Adds a person as the owner, follows their invitation with a new authenticator; their cookie. */
async function addPerson(role: Exclude<Role, "owner">) {
  people += 1;
  const email = `person${people}@example.co.uk`;
  const added = await callApi("POST", "/api/admin/users", {
    cookie: owner.cookie,
    body: { name: `Person ${people}`, email, role },
  });
  expect(added.status).toBe(201);
  const user = await body(added);
  expect(user).toMatchObject({ name: `Person ${people}`, email, role, invitation: "sent" });
  const token = invitationToken(email);
  const authenticator = new SoftwareAuthenticator();
  const start = await callApi("POST", "/api/admin/invitation", { body: { token } });
  expect(start.status).toBe(200);
  const { name, options } = (await start.json()) as {
    name: string;
    options: { challenge: string; user: { id: string } };
  };
  expect(name).toBe(`Person ${people}`);
  const made = await callApi("POST", "/api/admin/invitation", {
    body: { token, response: authenticator.register(options) },
  });
  expect(made.status).toBe(201);
  return { id: user.id as string, email, token, authenticator, cookie: cookieFrom(made) };
}

/** Signs in with a passkey: the options, the authenticator's answer, the new session's cookie. */
async function passkeySignIn(authenticator: SoftwareAuthenticator): Promise<Response> {
  const options = await body(await callApi("GET", "/api/admin/passkey-sign-in"));
  return callApi("POST", "/api/admin/passkey-sign-in", {
    body: { response: authenticator.answer(options as { challenge: string }) },
  });
}

const sessionOf = async (cookie: string) => callApi("GET", "/api/admin/session", { cookie });

describe("people and their invitations", () => {
  test("the owner's session says who he is; a person added gets a single-use invitation that signs them in", async () => {
    const mine = await sessionOf(owner.cookie);
    expect(mine.status).toBe(200);
    expect(await body(mine)).toMatchObject({
      authenticated: true,
      user: { id: OWNER_ID, name: "Owner", role: "owner" },
    });

    const crew = await addPerson("crew");
    expect(await body(await sessionOf(crew.cookie))).toMatchObject({
      authenticated: true,
      user: { id: crew.id, role: "crew" },
      method: "passkey",
    });
    // The link works once.
    const again = await callApi("POST", "/api/admin/invitation", { body: { token: crew.token } });
    expect(again.status).toBe(410);
    // The database keeps the token's hash, never the token.
    const rows = await queryRecords<{ token_hash: string }>("SELECT token_hash FROM staff_invitations");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.token_hash.includes(crew.token))).toBe(false);

    const list = await callApi("GET", "/api/admin/users", { cookie: owner.cookie });
    expect(list.status).toBe(200);
    const users = (await list.json()) as { id: string; role: string; passkeys: number }[];
    expect(users[0]).toMatchObject({ id: OWNER_ID, role: "owner" });
    expect(users.find((user) => user.id === crew.id)).toMatchObject({ role: "crew", passkeys: 1 });
  });

  test("400 with field errors for a missing name, a bad address or a role that is not office or crew; 409 for an address already in", async () => {
    const refused = await callApi("POST", "/api/admin/users", {
      cookie: owner.cookie,
      body: { name: "", email: "not-an-address", role: "owner" },
    });
    expect(refused.status).toBe(400);
    const { fieldErrors } = (await refused.json()) as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(fieldErrors).sort()).toEqual(["email", "name", "role"]);

    const person = await addPerson("office");
    const twice = await callApi("POST", "/api/admin/users", {
      cookie: owner.cookie,
      body: { name: "Someone", email: person.email.toUpperCase(), role: "crew" },
    });
    expect(twice.status).toBe(409);
  });

  test("an invitation older than 7 days, or a made-up one, is 410 and makes nothing", async () => {
    const person = await addPerson("crew");
    await callApi("POST", "/api/admin/users", {
      cookie: owner.cookie,
      body: { name: "Late Larry", email: "late@example.co.uk", role: "crew" },
    });
    const token = invitationToken("late@example.co.uk");
    await queryRecords(
      "UPDATE staff_invitations SET expires_at = now() - interval '1 second', created_at = now() - interval '8 days'",
    );
    expect((await callApi("POST", "/api/admin/invitation", { body: { token } })).status).toBe(410);
    const madeUp = "A".repeat(43);
    expect((await callApi("POST", "/api/admin/invitation", { body: { token: madeUp } })).status).toBe(410);
    expect(person.cookie).toMatch(/^admin_session=/);
  });

  test("one invitation answered from two phones at once makes exactly one passkey", async () => {
    await callApi("POST", "/api/admin/users", {
      cookie: owner.cookie,
      body: { name: "Twice Tam", email: "twice@example.co.uk", role: "crew" },
    });
    const token = invitationToken("twice@example.co.uk");
    const phones = [new SoftwareAuthenticator(), new SoftwareAuthenticator()];
    const options = await Promise.all(
      phones.map(async () => {
        const started = await body(await callApi("POST", "/api/admin/invitation", { body: { token } }));
        return started.options as { challenge: string; user: { id: string } };
      }),
    );
    const answers = await Promise.all(
      phones.map((phone, i) =>
        callApi("POST", "/api/admin/invitation", { body: { token, response: phone.register(options[i]!) } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 410]);
    const [row] = await queryRecords<{ passkeys: string }>(
      `SELECT count(*) AS passkeys FROM staff_passkeys p JOIN staff_users u ON u.id = p.user_id
        WHERE u.email = 'twice@example.co.uk'`,
    );
    expect(Number(row!.passkeys)).toBe(1);
  });

  test("an expired invitation is sent again: the new link works, the older one no longer does", async () => {
    await callApi("POST", "/api/admin/users", {
      cookie: owner.cookie,
      body: { name: "Slow Sandy", email: "sandy@example.co.uk", role: "office" },
    });
    const first = invitationToken("sandy@example.co.uk");
    const [person] = await queryRecords<{ id: string }>(
      "SELECT id FROM staff_users WHERE email = 'sandy@example.co.uk'",
    );
    const again = await callApi("POST", `/api/admin/users/${person!.id}/invitation`, {
      cookie: owner.cookie,
    });
    expect(again.status).toBe(201);
    expect(await body(again)).toEqual({ invitation: "sent" });
    const second = invitationToken("sandy@example.co.uk");
    expect(second).not.toBe(first);
    expect((await callApi("POST", "/api/admin/invitation", { body: { token: first } })).status).toBe(410);
    expect((await callApi("POST", "/api/admin/invitation", { body: { token: second } })).status).toBe(200);
    // No such person, a made-up id, the owner: 404.
    for (const id of ["00000000-0000-4000-8000-00000000dead", "not-a-uuid", OWNER_ID]) {
      expect(
        (await callApi("POST", `/api/admin/users/${id}/invitation`, { cookie: owner.cookie })).status,
      ).toBe(404);
      expect((await callApi("DELETE", `/api/admin/users/${id}`, { cookie: owner.cookie })).status).toBe(404);
    }
  });

  test("removing a person ends their sessions at once: their next call is 401, their passkey no longer signs in", async () => {
    const crew = await addPerson("crew");
    const second = await passkeySignIn(crew.authenticator);
    expect(second.status).toBe(200);
    const removed = await callApi("DELETE", `/api/admin/users/${crew.id}`, { cookie: owner.cookie });
    expect(removed.status).toBe(204);
    expect((await sessionOf(crew.cookie)).status).toBe(401);
    expect((await sessionOf(cookieFrom(second))).status).toBe(401);
    expect((await passkeySignIn(crew.authenticator)).status).toBe(401);
    expect((await callApi("DELETE", `/api/admin/users/${crew.id}`, { cookie: owner.cookie })).status).toBe(
      404,
    );
    expect((await callApi("DELETE", `/api/admin/users/${OWNER_ID}`, { cookie: owner.cookie })).status).toBe(
      404,
    );
  });

  test("the activity log names who did what", async () => {
    const office = await addPerson("office");
    const log = await callApi("GET", "/api/admin/audit-log", { cookie: office.cookie });
    expect(log.status).toBe(200);
    const { events } = (await log.json()) as { events: { event: string; by?: string }[] };
    expect(events.find((event) => event.event === "person-added")).toMatchObject({ by: "Owner" });
    expect(events.find((event) => event.event === "passkey-added")).toMatchObject({ by: `Person ${people}` });
  });
});

describe("passkeys", () => {
  test("the same passkey signs in again; a replayed counter, a reused challenge and another site's answer are refused", async () => {
    const office = await addPerson("office");
    const signedIn = await passkeySignIn(office.authenticator);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("set-cookie")).toMatch(/Max-Age=2592000/);
    expect(await body(await sessionOf(cookieFrom(signedIn)))).toMatchObject({ user: { id: office.id } });

    // A copied authenticator: its counter does not move on.
    const options = await body(await callApi("GET", "/api/admin/passkey-sign-in"));
    office.authenticator.counter -= 1;
    const replay = await callApi("POST", "/api/admin/passkey-sign-in", {
      body: { response: office.authenticator.answer(options as { challenge: string }) },
    });
    expect(replay.status).toBe(401);

    // A challenge is used once.
    const fresh = await body(await callApi("GET", "/api/admin/passkey-sign-in"));
    office.authenticator.counter += 5;
    const answer = office.authenticator.answer(fresh as { challenge: string });
    expect((await callApi("POST", "/api/admin/passkey-sign-in", { body: { response: answer } })).status).toBe(
      200,
    );
    expect((await callApi("POST", "/api/admin/passkey-sign-in", { body: { response: answer } })).status).toBe(
      401,
    );

    // An answer made for another site (a phishing page's origin).
    const elsewhere = new SoftwareAuthenticator("https://glenbrae-roofing.example");
    const phishing = await body(await callApi("GET", "/api/admin/passkey-sign-in"));
    const stranger = await callApi("POST", "/api/admin/passkey-sign-in", {
      body: { response: elsewhere.answer(phishing as { challenge: string }) },
    });
    expect(stranger.status).toBe(401);
  });

  test("a passkey without user verification is not stored", async () => {
    await callApi("POST", "/api/admin/users", {
      cookie: owner.cookie,
      body: { name: "No Print", email: "noprint@example.co.uk", role: "crew" },
    });
    const token = invitationToken("noprint@example.co.uk");
    const { options } = (await body(await callApi("POST", "/api/admin/invitation", { body: { token } }))) as {
      options: { challenge: string; user: { id: string } };
    };
    const key = new SoftwareAuthenticator();
    key.verifies = false;
    const refused = await callApi("POST", "/api/admin/invitation", {
      body: { token, response: key.register(options) },
    });
    expect(refused.status).toBe(400);
    // The invitation is still good for a proper passkey.
    expect((await callApi("POST", "/api/admin/invitation", { body: { token } })).status).toBe(200);
  });

  test("the owner adds a passkey in the desk; signed in with it, managing people asks for it again after 10 minutes", async () => {
    const key = new SoftwareAuthenticator();
    const options = await body(
      await callApi("GET", "/api/admin/passkeys/register", { cookie: owner.cookie }),
    );
    const added = await callApi("POST", "/api/admin/passkeys/register", {
      cookie: owner.cookie,
      body: { response: key.register(options as { challenge: string; user: { id: string } }) },
    });
    expect(added.status).toBe(201);
    const signedIn = await passkeySignIn(key);
    expect(signedIn.status).toBe(200);
    const cookie = cookieFrom(signedIn);
    expect(await body(await sessionOf(cookie))).toMatchObject({ user: { id: OWNER_ID, role: "owner" } });

    const add = () =>
      callApi("POST", "/api/admin/users", {
        cookie,
        body: { name: "Office Olive", email: `olive${Date.now()}@example.co.uk`, role: "office" },
      });
    await queryRecords(
      "UPDATE admin_sessions SET verified_at = verified_at - $1 * interval '1 millisecond'",
      [REVERIFY_WINDOW_MS + 1_000],
    );
    const stale = await add();
    expect(stale.status).toBe(403);
    expect(await body(stale)).toMatchObject({ reverify: true });

    const verify = await body(await callApi("GET", "/api/admin/passkeys/verify", { cookie }));
    const verified = await callApi("POST", "/api/admin/passkeys/verify", {
      cookie,
      body: { response: key.answer(verify as { challenge: string }) },
    });
    expect(verified.status).toBe(200);
    expect((await add()).status).toBe(201);
  });

  test("a passkey session's 30 days start again when the desk opens, at most once a day", async () => {
    const crew = await addPerson("crew");
    expect((await sessionOf(crew.cookie)).headers.get("set-cookie")).toBeNull();
    await queryRecords(
      "UPDATE admin_sessions SET expires_at = now() + interval '2 days' WHERE user_id = $1",
      [crew.id],
    );
    const slid = await sessionOf(crew.cookie);
    expect(slid.status).toBe(200);
    expect(slid.headers.get("set-cookie")).toMatch(/Max-Age=2592000/);
    const [row] = await queryRecords<{ days: number }>(
      "SELECT extract(epoch FROM expires_at - now()) / 86400 AS days FROM admin_sessions WHERE user_id = $1",
      [crew.id],
    );
    expect(Number(row!.days)).toBeGreaterThan(29.9);
    // The cookie from before the slide still works until its own time.
    expect((await sessionOf(crew.cookie)).status).toBe(200);
  });
});

describe("sessions", () => {
  test("the owner sees who is signed in where and ends a session: that browser's next call is 401", async () => {
    const crew = await addPerson("crew");
    const list = await callApi("GET", "/api/admin/sessions", { cookie: owner.cookie });
    expect(list.status).toBe(200);
    const sessions = (await list.json()) as {
      id: string;
      user: { id: string };
      method: string;
      current: boolean;
    }[];
    const theirs = sessions.find((one) => one.user.id === crew.id);
    expect(theirs).toMatchObject({ method: "passkey", current: false });
    expect(sessions.filter((one) => one.current)).toHaveLength(1);
    expect(
      (await callApi("DELETE", `/api/admin/sessions/${theirs!.id}`, { cookie: owner.cookie })).status,
    ).toBe(204);
    expect((await sessionOf(crew.cookie)).status).toBe(401);
  });
});

describe("the crew's view of a lead", () => {
  test("a lead not on the agenda is 404; one with a booked visit comes without prices, money or notes", async () => {
    const crew = await addPerson("crew");
    const lead = await savedLead({
      firstName: "Morag",
      email: "morag@example.co.uk",
      status: "quoted",
      quotedAmount: 4200,
      quotedAt: new Date().toISOString(),
    });
    const path = `/api/admin/contact-submissions/${lead.id}`;
    expect((await callApi("GET", path, { cookie: crew.cookie })).status).toBe(404);

    useVisitAvailability(ALWAYS_OPEN);
    try {
      const invited = await callApi("POST", `${path}/visit-invitation`, { cookie: owner.cookie });
      expect(invited.status).toBe(201);
      const token = ((await invited.json()) as { url: string }).url.split("/").pop()!;
      const page = (await body(await callApi("GET", `/api/visits/${token}`))) as {
        slots: { start: string }[];
      };
      const booked = await callApi("POST", `/api/visits/${token}`, {
        body: {
          start: page.slots[0]!.start,
          addressLine1: "3 Kirk Wynd",
          town: "Doune",
          postcode: "FK16 6AA",
          accessNotes: "Dog in the garden",
        },
      });
      expect(booked.status).toBe(201);
    } finally {
      useVisitAvailability(null);
    }

    const seen = await callApi("GET", path, { cookie: crew.cookie });
    expect(seen.status).toBe(200);
    const view = await body(seen);
    expect(view).toMatchObject({ id: lead.id, firstName: "Morag", phone: lead.phone, message: lead.message });
    expect(view.visit).toMatchObject({
      booking: { addressLine1: "3 Kirk Wynd", accessNotes: "Dog in the garden" },
    });
    for (const key of [
      "quotedAmount",
      "estimate",
      "proposals",
      "invoices",
      "guarantee",
      "notes",
      "notifications",
    ]) {
      expect(view).not.toHaveProperty(key);
    }
    // The owner's view of the same lead has them.
    expect(await body(await callApi("GET", path, { cookie: owner.cookie }))).toHaveProperty(
      "quotedAmount",
      4200,
    );
  });
});

describe("every admin route, every role", () => {
  /** Routes under /api/admin that need no session: signing in. */
  const SIGN_IN_ROUTES = ["/api/admin/login", "/api/admin/passkey-sign-in", "/api/admin/invitation"];

  test("every admin function's route is in the roles table, and every rule in it is a real route", () => {
    const declared = FUNCTION_ROUTES.flatMap((route) => route.paths).filter(
      (path) =>
        (path.startsWith("/api/admin/") || path === "/api/upload/image") && !SIGN_IN_ROUTES.includes(path),
    );
    const ruled = new Set(ACCESS.map((rule) => rule.path));
    expect(declared.filter((path) => !ruled.has(path))).toEqual([]);
    expect([...ruled].filter((path) => !declared.includes(path))).toEqual([]);
  });

  test("the export's URL with .html added, as the Netlify CLI hands it to its function, is still refused to the crew", async () => {
    const crew = await addPerson("crew");
    const request = (cookie: string) =>
      new Request("http://localhost/api/admin/contact-submissions/export.csv.html", {
        headers: { Cookie: cookie },
      });
    expect((await exportLeads(request(crew.cookie))).status).toBe(403);
    expect((await exportLeads(request(owner.cookie))).status).toBe(200);
  });

  const fill = (path: string) =>
    path
      .replace(":attachmentId", "1")
      .replace(":number", "INV-2026-0001")
      .replace(/\/sessions\/:id$/, "/sessions/00000000")
      .replace(":id", "00000000-0000-4000-8000-00000000abcd");

  test("each role is refused (403) exactly where the table says, and let through everywhere else", async () => {
    const office = await addPerson("office");
    const crew = await addPerson("crew");
    // Each call has a session of its own: signing out (a rule too) ends the one it is made with.
    const sessions: Record<Role, () => Promise<string>> = {
      owner: adminCookie,
      office: async () => cookieFrom(await passkeySignIn(office.authenticator)),
      crew: async () => cookieFrom(await passkeySignIn(crew.authenticator)),
    };
    const outcomes: string[] = [];
    for (const rule of ACCESS) {
      for (const method of rule.methods) {
        for (const role of ROLES) {
          const response = await callApi(method, fill(rule.path), {
            cookie: await sessions[role](),
            body: method === "GET" || method === "HEAD" ? null : {},
          });
          const refused = response.status === 403 && !(await response.clone().text()).includes("reverify");
          const allowed = rule.roles.includes(role);
          if (response.status === 401 || refused === allowed) {
            outcomes.push(
              `${role} ${method} ${rule.path}: ${response.status}, expected ${allowed ? "allowed" : "403"}`,
            );
          }
        }
      }
    }
    expect(outcomes).toEqual([]);
  });
});
