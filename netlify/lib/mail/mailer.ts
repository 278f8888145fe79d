/**
 * Outgoing e-mail over SMTP (nodemailer), configured by SMTP_URL, MAIL_FROM and OWNER_EMAIL
 * (DESIGN.md §9). Under the Netlify CLI, SMTP_URL defaults to the local MailDev that `npm start` runs.
 */
import { businessDetails } from "../business.ts";

/** MailDev's SMTP port under `npm start` (scripts/start.ts). */
export const LOCAL_SMTP_URL = "smtp://127.0.0.1:1025";

export interface Address {
  name: string;
  address: string;
}

export interface MailSettings {
  /** null: e-mail is not configured (deployed without SMTP_URL); e-mails then stay pending. */
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
  const smtpUrl = configured("SMTP_URL") ?? (process.env.NETLIFY_LOCAL === "true" ? LOCAL_SMTP_URL : null);
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
}

/** Why a send failed, and whether trying again later can help. */
export class SendError extends Error {
  constructor(
    message: string,
    /** A 5xx reply: the server refused for good. */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = "SendError";
  }
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

/** A short reason for the record: the server's reply, or the network error code. */
function describe(error: unknown): SendError {
  const e = (typeof error === "object" && error !== null ? error : {}) as NodemailerError;
  if (typeof e.responseCode === "number") {
    const reply = (e.response ?? e.message ?? "").replace(/\s+/g, " ").trim().slice(0, 300);
    return new SendError(reply || `SMTP reply ${e.responseCode}`, e.responseCode >= 500);
  }
  const code = e.originalCode ?? e.code;
  if (code === "ETIMEDOUT") return new SendError("The mail server did not answer in time", false);
  if (code === "ECONNREFUSED") return new SendError("The mail server refused the connection", false);
  if (code === "EDNS" || code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new SendError("The mail server's name was not found", false);
  if (code === "EAUTH") return new SendError("The mail server did not accept the SMTP_URL login", false);
  return new SendError(code ? `Sending failed (${code})` : "Sending failed", false);
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
  // Loaded on first send, so functions that only store quotes never pay for it.
  const { createTransport } = await import("nodemailer");
  const transport = createTransport({
    url: settings.smtpUrl,
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
