/**
 * Outgoing e-mail over SMTP (nodemailer), configured by SMTP_URL, MAIL_FROM and OWNER_EMAIL
 * (docs/email.md). Under the Netlify CLI, SMTP_URL defaults to the local MailDev that `npm start` runs.
 *
 * A mail server that is not on this machine is only ever spoken to over TLS (smtps://, or STARTTLS
 * required for smtp://), so the account's password and the customers' details never cross the
 * network in clear. Deploy Previews and branch deploys send nothing unless SEND_EMAIL_FROM_PREVIEWS
 * is `true` (docs/security.md, "E-mail").
 */
import { isPreviewDeploy } from "../blobs/open-store.ts";
import { businessDetails } from "../business.ts";

/** MailDev's SMTP port under `npm start` (scripts/start.ts). */
export const LOCAL_SMTP_URL = "smtp://127.0.0.1:1025";

export interface Address {
  name: string;
  address: string;
}

/** Set to `true` to let a Deploy Preview or branch deploy send e-mail. */
export const PREVIEW_EMAIL_VARIABLE = "SEND_EMAIL_FROM_PREVIEWS";

export interface MailSettings {
  /**
   * null: e-mail is not configured (deployed without SMTP_URL, or a preview that may not send);
   * e-mails then stay pending.
   */
  smtpUrl: string | null;
  from: Address | string;
  ownerEmail: string;
  /** The public site, for the owner's link to the lead. */
  siteUrl: string;
}

const configured = (name: string) => {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
};

export async function mailSettings(): Promise<MailSettings> {
  const business = await businessDetails();
  const previewMuted = isPreviewDeploy() && process.env[PREVIEW_EMAIL_VARIABLE] !== "true";
  const smtpUrl = previewMuted
    ? null
    : (configured("SMTP_URL") ?? (process.env.NETLIFY_LOCAL === "true" ? LOCAL_SMTP_URL : null));
  const siteUrl = (configured("SITE_URL") ?? configured("URL") ?? "http://localhost:8888").replace(
    /\/+$/,
    "",
  );
  return {
    smtpUrl,
    from: configured("MAIL_FROM") ?? { name: business.name, address: business.email },
    ownerEmail: configured("OWNER_EMAIL") ?? business.email,
    siteUrl,
  };
}

export interface OutgoingMail {
  to: Address | string;
  replyTo: Address | string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe of the review e-mails); never visitor text. */
  headers?: Record<string, string>;
  /** Files sent with it (a written quote's PDF), made by the server, never a visitor's upload. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** A calendar invitation (text/calendar part and .ics file) a phone's calendar adds in one tap. */
  icalEvent?: { method: "REQUEST" | "CANCEL" | "PUBLISH"; filename: string; content: string };
}

/** Why a send failed, and whether trying again later can help. */
export class SendError extends Error {
  constructor(
    message: string,
    /** A 5xx reply: the server refused for good. */
    readonly permanent: boolean,
    /**
     * The site's own mail settings are wrong (login refused, no TLS): every e-mail fails alike until
     * someone fixes SMTP_URL, so it is retried and shown in Contact Admin, never failed for good.
     */
    readonly configuration = false,
  ) {
    super(message);
    this.name = "SendError";
  }
}

/** E-mail addresses in a text (an SMTP reply often names the recipient) replaced for logs. */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, "<address>");
}

/** Each SMTP step may take this long before the connection is dropped. */
const STEP_TIMEOUT_MS = 5_000;

interface NodemailerError {
  code?: string;
  /** The system error's code (ECONNREFUSED…) when nodemailer reports a socket error. */
  originalCode?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** SMTP replies that refuse the account's login (RFC 4954): wrong user name or password, mostly. */
const LOGIN_REFUSED = new Set([530, 534, 535, 538]);

/** A short reason for the record: the server's reply, or the network error code. */
function describe(error: unknown): SendError {
  const e = (typeof error === "object" && error !== null ? error : {}) as NodemailerError;
  const reply = (e.response ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
  if (e.code === "EAUTH" || (typeof e.responseCode === "number" && LOGIN_REFUSED.has(e.responseCode))) {
    return new SendError(
      `The mail server did not accept the SMTP_URL login${reply ? ` (${reply})` : ""}`,
      false,
      true,
    );
  }
  if (e.code === "ETLS") {
    return new SendError(
      "The mail server did not set up TLS, which is required for a mail server on another machine",
      false,
      true,
    );
  }
  if (typeof e.responseCode === "number") {
    const text = (e.response ?? e.message ?? "").replace(/\s+/g, " ").trim().slice(0, 300);
    return new SendError(text || `SMTP reply ${e.responseCode}`, e.responseCode >= 500);
  }
  const code = e.originalCode ?? e.code;
  if (code === "ETIMEDOUT") return new SendError("The mail server did not answer in time", false);
  if (code === "ECONNREFUSED") return new SendError("The mail server refused the connection", false);
  if (code === "EDNS" || code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new SendError("The mail server's name was not found", false);
  return new SendError(code ? `Sending failed (${code})` : "Sending failed", false);
}

/** Mail servers on this machine (MailDev, tests) may be spoken to without TLS. */
export function isLocalHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, "").toLowerCase();
  return name === "localhost" || name === "::1" || /^127(?:\.\d{1,3}){3}$/.test(name);
}

/**
 * The connection settings of an SMTP_URL (`smtp://user:password@host:587` or `smtps://…:465`).
 * Taken apart here rather than by nodemailer, whose URL options could turn the TLS rule off.
 */
export function smtpServer(smtpUrl: string) {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new SendError("SMTP_URL is not a valid URL", false, true);
  }
  const secure = url.protocol === "smtps:";
  if (!secure && url.protocol !== "smtp:") {
    throw new SendError("SMTP_URL must start with smtp:// or smtps://", false, true);
  }
  const local = isLocalHost(url.hostname);
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    // Not local: STARTTLS must succeed before anything else is sent (no fallback to plain text).
    requireTLS: !secure && !local,
    ignoreTLS: false,
    tls: { minVersion: "TLSv1.2" as const, servername: url.hostname },
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
  };
}

/**
 * Sends one message; resolves once the server accepted it, rejects with a SendError.
 * Bounded: no step waits longer than STEP_TIMEOUT_MS, and the whole send gives up after `timeoutMs`.
 */
export async function sendMail(
  settings: MailSettings,
  mail: OutgoingMail,
  timeoutMs = 20_000,
): Promise<void> {
  if (!settings.smtpUrl) throw new SendError("E-mail is not configured (SMTP_URL)", false);
  const server = smtpServer(settings.smtpUrl);
  // Loaded on first send, so functions that only store quotes never pay for it.
  const { createTransport } = await import("nodemailer");
  const transport = createTransport({
    ...server,
    connectionTimeout: STEP_TIMEOUT_MS,
    greetingTimeout: STEP_TIMEOUT_MS,
    socketTimeout: STEP_TIMEOUT_MS,
    dnsTimeout: STEP_TIMEOUT_MS,
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SendError("The mail server did not answer in time", false)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([
      transport.sendMail({ from: settings.from, ...mail, disableFileAccess: true, disableUrlAccess: true }),
      deadline,
    ]);
  } catch (error) {
    throw error instanceof SendError ? error : describe(error);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
