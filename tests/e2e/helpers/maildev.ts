/**
 * The browser tests' own MailDev (started by playwright.config.ts beside the served site, whose
 * SMTP_URL points at it), on ports apart from `npm start`'s 1025/1080.
 */
const port = Number(process.env.E2E_PORT ?? 8890);
export const maildevSmtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 700);
export const maildevWebPort = Number(process.env.E2E_MAILDEV_PORT ?? port + 701);

/** One message as MailDev's REST API (GET /api/email) describes it. */
export interface MaildevMail {
  id: string;
  subject: string;
  to: { address: string; name: string }[];
  html: string;
  text: string;
}

const api = (path: string) => `http://127.0.0.1:${maildevWebPort}/api${path}`;

export async function maildevMails(): Promise<MaildevMail[]> {
  const response = await fetch(api("/email"));
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  return (await response.json()) as MaildevMail[];
}

/** A header of the message as it arrived (MailDev's summary leaves Reply-To out). */
export async function maildevHeader(id: string, name: string): Promise<string | undefined> {
  const response = await fetch(api(`/email/${encodeURIComponent(id)}/source`));
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  const head = (await response.text()).split(/\r?\n\r?\n/)[0] ?? "";
  const match = new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head);
  return match?.[1]?.trim();
}
