/**
 * The mail server connection (docs/security.md, "E-mail") against real SMTP servers (smtp-server)
 * and a real PostgreSQL: a refused login (535) is retried and shown as a settings problem rather
 * than failing every e-mail for good, no SMTP reply reaches the logs with an address in it, and a
 * mail server that is not on this machine is only spoken to over TLS.
 */
import { networkInterfaces } from "node:os";
import { SMTPServer } from "smtp-server";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import emailStatus from "../../netlify/functions/admin-notifications.mts";
import scheduled from "../../netlify/functions/send-notifications.mts";
import { businessDetails } from "../../netlify/lib/business.ts";
import { isLocalHost, smtpServer } from "../../netlify/lib/mail/mailer.ts";
import { readQuote } from "../../netlify/lib/quote/quote-store.ts";
import { useAdminSession, useAdminTestEnv } from "./admin-session.ts";
import { clearLimits } from "./database.ts";
import { BASE, quoteRequest } from "./quote-fixtures.ts";
import { backgroundWork, clientContexts } from "./background.ts";
import { captureConsole } from "./console-capture.ts";

const session = useAdminSession();
let owner: string;

beforeAll(async () => {
  owner = (await businessDetails()).email;
});
const logged = captureConsole();
beforeEach(async () => {
  useAdminTestEnv();
  await clearLimits();
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.SMTP_URL;
});

const { waitUntil, settle } = backgroundWork();
const context = clientContexts("198.18.7", waitUntil);

async function submit(email: string) {
  const response = await contact(quoteRequest({ fields: { email } }), context());
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await settle();
  return id;
}

const notificationsOf = async (id: string) => (await readQuote(id))?.notifications ?? [];
const status = async () =>
  (await (
    await emailStatus(new Request(`${BASE}/api/admin/notifications`, { headers: { cookie: session.cookie } }))
  ).json()) as { configured: boolean; problem?: string };

interface Server {
  url: (host?: string) => string;
  received: string[][];
  stop: () => Promise<void>;
  state: { acceptLogin: boolean };
}

/** An SMTP server that asks for a login, refuses it (535) until told otherwise, and may refuse recipients. */
async function startServer(
  options: { host?: string; refuseRecipient?: (address: string) => string | null } = {},
): Promise<Server> {
  const received: string[][] = [];
  const state = { acceptLogin: false };
  const server = new SMTPServer({
    authMethods: ["PLAIN", "LOGIN"],
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (state.acceptLogin && auth.username === "quotes@glenbrae.test")
        callback(null, { user: auth.username });
      else callback(new Error("5.7.8 Authentication credentials invalid"));
    },
    onRcptTo(address, _session, callback) {
      const refusal = options.refuseRecipient?.(address.address);
      if (!refusal) return callback();
      const error = new Error(refusal) as Error & { responseCode: number };
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        received.push(session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(0, host === "127.0.0.1" ? host : "0.0.0.0", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: (connectTo = host) => `smtp://quotes%40glenbrae.test:app-password@${connectTo}:${port}`,
    received,
    state,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("a refused SMTP login", () => {
  test("is retried, not failed for good, and Contact Admin shows it as a settings problem until it works", async () => {
    const server = await startServer();
    process.env.SMTP_URL = server.url();
    try {
      const id = await submit(`login.${Date.now()}@example.co.uk`);
      const waiting = await notificationsOf(id);
      expect(waiting.map((n) => n.status)).toEqual(["pending", "pending"]);
      for (const n of waiting) {
        expect(n.error).toMatch(/^The mail server did not accept the SMTP_URL login \(535 /);
        expect(n.nextAttemptAt).toBeTruthy();
      }
      const problem = await status();
      expect(problem.configured).toBe(true);
      expect(problem.problem).toMatch(/did not accept the SMTP_URL login/);

      // The password is fixed: the next scheduled run sends both, and the notice goes.
      server.state.acceptLogin = true;
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 6 * 60 * 1000);
      await scheduled();
      expect((await notificationsOf(id)).map((n) => n.status)).toEqual(["sent", "sent"]);
      expect(server.received).toHaveLength(2);
      expect(await status()).toEqual({ configured: true });
    } finally {
      await server.stop();
    }
  });
});

describe("logs", () => {
  test("an SMTP reply that names the recipient is logged without the address", async () => {
    const customer = `named.${Date.now()}@example.co.uk`;
    const server = await startServer({
      refuseRecipient: (address) =>
        `5.1.1 <${address}>: Recipient address rejected: User unknown in ${address}`,
    });
    server.state.acceptLogin = true;
    process.env.SMTP_URL = server.url();
    const before = logged.length;
    try {
      const id = await submit(customer);
      const failed = await notificationsOf(id);
      expect(failed.map((n) => n.status)).toEqual(["failed", "failed"]);
      const lines = logged.slice(before);
      expect(lines.some((line) => line.includes("Recipient address rejected"))).toBe(true);
      for (const line of lines) {
        expect(line).not.toContain(customer);
        expect(line).not.toContain(owner);
        expect(line).not.toMatch(/[^\s<>]+@[^\s<>]+\.[a-z]{2,}/i);
      }
    } finally {
      await server.stop();
    }
  });
});

describe("TLS", () => {
  test("only mail servers on this machine may be spoken to without TLS", () => {
    for (const host of ["localhost", "127.0.0.1", "127.1.2.3", "[::1]"]) expect(isLocalHost(host)).toBe(true);
    for (const host of [
      "smtp.office365.com",
      "192.0.2.2",
      "10.0.0.1",
      "[2001:db8::1]",
      "localhost.evil.example",
    ])
      expect(isLocalHost(host)).toBe(false);
    expect(smtpServer("smtp://u:p@smtp.example.com:587")).toMatchObject({ requireTLS: true, secure: false });
    expect(smtpServer("smtps://u:p@smtp.example.com")).toMatchObject({ secure: true, port: 465 });
    expect(smtpServer("smtp://127.0.0.1:1025")).toMatchObject({ requireTLS: false });
    // No URL option can turn it off.
    expect(smtpServer("smtp://u:p@smtp.example.com:587?requireTLS=false&ignoreTLS=true")).toMatchObject({
      requireTLS: true,
      ignoreTLS: false,
    });
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal)?.address;

  test.skipIf(!external)(
    "a server on another address that offers no STARTTLS gets nothing, and the desk says why",
    async () => {
      const server = await startServer({ host: "0.0.0.0" });
      server.state.acceptLogin = true;
      process.env.SMTP_URL = server.url(external);
      try {
        const id = await submit(`tls.${Date.now()}@example.co.uk`);
        expect(server.received).toEqual([]);
        const waiting = await notificationsOf(id);
        expect(waiting.map((n) => n.status)).toEqual(["pending", "pending"]);
        for (const n of waiting) expect(n.error).toMatch(/did not set up TLS/);
        expect((await status()).problem).toMatch(/did not set up TLS/);

        // The same server reached on this machine is allowed in clear (MailDev, tests).
        process.env.SMTP_URL = server.url("127.0.0.1");
        vi.useFakeTimers({ toFake: ["Date"] });
        vi.setSystemTime(Date.now() + 6 * 60 * 1000);
        await scheduled();
        expect(server.received).toHaveLength(2);
      } finally {
        await server.stop();
      }
    },
  );
});
