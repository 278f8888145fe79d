/**
 * Problems with the site's own mail settings (table `mail_settings_problem`, one row at most): when
 * the mail server refuses the SMTP_URL login or will not set up TLS, every e-mail fails the same way
 * until someone fixes the setting. The sender records it here, Contact Admin shows it (GET
 * /api/admin/notifications), and the next e-mail that goes out clears it.
 */
import { database } from "../database/database.ts";
import { iso } from "../http/iso-time.ts";

export interface MailProblem {
  message: string;
  at: string;
}

/** False once this instance has cleared the problem and recorded none since: no delete per e-mail. */
let mayHaveProblem = true;

export async function recordMailProblem(message: string, now = Date.now()): Promise<void> {
  mayHaveProblem = true;
  await database().query(
    `INSERT INTO mail_settings_problem (only_row, message, at) VALUES (true, $1, $2)
     ON CONFLICT (only_row) DO UPDATE SET message = EXCLUDED.message, at = EXCLUDED.at`,
    [message, iso(now)],
  );
}

/** After a successful send: the settings work. */
export async function clearMailProblem(): Promise<void> {
  if (!mayHaveProblem) return;
  await database().query("DELETE FROM mail_settings_problem");
  mayHaveProblem = false;
}

export async function readMailProblem(): Promise<MailProblem | null> {
  const { rows } = await database().query<{ message: string; at: Date }>(
    "SELECT message, at FROM mail_settings_problem",
  );
  const row = rows[0];
  return row ? { message: row.message, at: row.at.toISOString() } : null;
}
