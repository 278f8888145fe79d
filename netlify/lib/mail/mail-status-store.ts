/**
 * Problems with the site's own mail settings (store `mail-status`): when the mail server refuses the
 * SMTP_URL login or will not set up TLS, every e-mail fails the same way until someone fixes the
 * setting. The sender records it here, Contact Admin shows it (GET /api/admin/notifications), and
 * the next e-mail that goes out clears it.
 */
import { openStore } from "../blobs/open-store.ts";

const STORE_NAME = "mail-status";
const PROBLEM_KEY = "settings-problem";

export interface MailProblem {
  message: string;
  at: string;
}

const store = () => openStore(STORE_NAME);

/** False once this instance has cleared the problem and recorded none since: no delete per e-mail. */
let mayHaveProblem = true;

export async function recordMailProblem(message: string, now = Date.now()): Promise<void> {
  const problem: MailProblem = { message, at: new Date(now).toISOString() };
  mayHaveProblem = true;
  await store().setJSON(PROBLEM_KEY, problem);
}

/** After a successful send: the settings work. */
export async function clearMailProblem(): Promise<void> {
  if (!mayHaveProblem) return;
  await store().delete(PROBLEM_KEY);
  mayHaveProblem = false;
}

export async function readMailProblem(): Promise<MailProblem | null> {
  const data = (await store().get(PROBLEM_KEY, { type: "json" })) as Partial<MailProblem> | null;
  return typeof data?.message === "string" && typeof data.at === "string" ? (data as MailProblem) : null;
}
