/**
 * A real SMTP server for function tests (smtp-server), its messages parsed with mailparser.
 * `mode` can be changed while it runs: "accept", "refuse" (550 to every recipient) or "slow"
 * (accepts after `delayMs`, as a slow mail server does); `receiving` resolves once a message has
 * begun to arrive. `startHangingServer()` accepts connections and never says a word.
 */
import { createServer as createTcpServer, type Server, type Socket } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
}

export type SmtpMode = "accept" | "refuse" | "slow";

export async function startSmtp(mode: SmtpMode = "accept", delayMs = 2_000) {
  const messages: ReceivedMail[] = [];
  const state: { mode: SmtpMode; refusal?: (recipient: string) => string } = { mode };
  let began = () => {};
  const receiving = new Promise<void>((resolve) => (began = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.mode === "refuse") {
        const reply = state.refusal?.(_address.address) ?? "5.1.1 Mailbox unavailable";
        const error = new Error(reply) as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      began();
      void simpleParser(stream).then(
        (parsed) => {
          const done = () => {
            messages.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              },
              parsed,
            });
            callback();
          };
          if (state.mode === "slow") setTimeout(done, delayMs);
          else done();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    receiving,
    /** In "refuse" mode, `refusal` words the reply to each recipient (e.g. naming it, as Postfix does). */
    setMode(next: SmtpMode, refusal?: (recipient: string) => string) {
      state.mode = next;
      state.refusal = refusal;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/**
 * For a test file, called at its top after its own `beforeEach`: a fresh SMTP server as the site's
 * mail server (`SMTP_URL`) for each test, stopped after it. The object returned is each test's.
 */
export function useSmtp(): TestSmtp {
  const smtp = {} as TestSmtp;
  beforeEach(async () => {
    Object.assign(smtp, await startSmtp());
    process.env.SMTP_URL = smtp.url;
  });
  afterEach(async () => {
    delete process.env.SMTP_URL;
    await smtp.stop();
  });
  return smtp;
}

/**
 * For a test file whose tests start their own SMTP servers (withSmtp) and may move the clock: the
 * site's address is `siteUrl` throughout; after each test the clock is real again and no SMTP_URL
 * is left behind.
 */
export function useMailSite(siteUrl: string) {
  beforeAll(() => {
    process.env.SITE_URL = siteUrl;
  });
  afterAll(() => {
    delete process.env.SMTP_URL;
    delete process.env.SITE_URL;
  });
  afterEach(() => {
    vi.useRealTimers();
    delete process.env.SMTP_URL;
  });
}

/** Runs `work` with a fresh SMTP server as the site's mail server (`SMTP_URL`), stopped afterwards. */
export async function withSmtp(work: (smtp: TestSmtp) => Promise<void>) {
  const smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  try {
    await work(smtp);
  } finally {
    await smtp.stop();
  }
}

/** Accepts TCP connections and holds them silently (a hung mail server). */
export async function startHangingServer() {
  const sockets = new Set<Socket>();
  const server: Server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An address on which nothing listens (connection refused). */
export async function closedPortUrl(): Promise<string> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}
