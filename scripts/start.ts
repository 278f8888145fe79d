/**
 * npm start: a local PostgreSQL for the owner's records (data kept in .netlify/postgres across
 * restarts, pending migrations applied; scripts/lib/local-database.ts), MailDev (a local inbox for
 * the site's e-mails) and `netlify serve --offline`, which builds the site and serves it with
 * Functions and local Blobs, the functions pointed at the database by NETLIFY_DB_URL. Under the Netlify CLI the functions'
 * SMTP_URL defaults to this MailDev (netlify/lib/mail/mailer.ts), so a test quote's two e-mails show up
 * at http://127.0.0.1:1080. When something already listens on MailDev's SMTP port (an earlier
 * MailDev, say), that is used and no second one is started. Ctrl+C stops both.
 *
 * The Netlify CLI serves scheduled functions but does not run them; this script calls each one on
 * its `config.schedule` (the e-mail sender, the digest, retention, the clean-ups), as the platform
 * does deployed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { join } from "node:path";
import { startLocalDatabase } from "./lib/local-database.ts";
import { cronMatches, scheduledFunctions } from "./lib/schedules.ts";

const SMTP_PORT = 1025;
const WEB_PORT = 1080;
const HOST = "127.0.0.1";
const port = process.env.PORT ?? "8888";

function listening(portNumber: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port: portNumber });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const children: ChildProcess[] = [];

// A database URL given from outside (another PostgreSQL) is used as it is.
const database = process.env.NETLIFY_DB_URL
  ? null
  : await startLocalDatabase({ log: (line) => console.error(`PostgreSQL: ${line}`) });
const databaseUrl = process.env.NETLIFY_DB_URL ?? database?.url ?? "";
console.log(
  database
    ? "PostgreSQL: the owner's records are kept in .netlify/postgres (migrations applied)."
    : "PostgreSQL: using NETLIFY_DB_URL.",
);

if (await listening(SMTP_PORT)) {
  console.log(`MailDev: port ${SMTP_PORT} is in use already; e-mails go to whatever listens there.`);
} else {
  const maildev = spawn(
    "maildev",
    ["--ip", HOST, "--smtp", String(SMTP_PORT), "--web-ip", HOST, "--web", String(WEB_PORT), "--silent"],
    { stdio: "inherit" },
  );
  maildev.on("error", (error) => console.error(`MailDev did not start: ${error.message}`));
  children.push(maildev);
  console.log(`MailDev: e-mails sent by the site appear at http://${HOST}:${WEB_PORT}`);
}

const serve = spawn("netlify", ["serve", "--offline", "--port", port], {
  stdio: "inherit",
  env: { ...process.env, NETLIFY_DB_URL: databaseUrl },
});
children.push(serve);

const schedules = scheduledFunctions(join(import.meta.dirname, "..", "netlify", "functions"));
console.log(
  `Scheduled functions: ${schedules.map(({ name, schedule }) => `${name} (${schedule})`).join(", ")}`,
);

/** Whether the server has answered once (before that, while it builds, failed calls are expected). */
let serving = false;

/** Calls every scheduled function due this minute; a failed call is reported, the next minute tries again. */
function runDue(now: Date): void {
  for (const { name, schedule } of schedules) {
    if (!cronMatches(schedule, now)) continue;
    fetch(`http://localhost:${port}/.netlify/functions/${name}`, { method: "POST" })
      .then(async (response) => {
        serving = true;
        await response.body?.cancel();
        if (!response.ok) console.warn(`Scheduled function ${name} answered ${response.status}`);
      })
      .catch(() => {
        if (serving) console.warn(`Scheduled function ${name} could not be called`);
      });
  }
}

/** Wakes at the start of every minute. */
function everyMinute(): void {
  const now = new Date();
  setTimeout(
    () => {
      runDue(new Date());
      everyMinute();
    },
    60_000 - (now.getTime() % 60_000) + 50,
  ).unref();
}
everyMinute();

async function stop(code: number): Promise<void> {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  await database?.stop().catch(() => undefined);
  process.exit(code);
}

serve.on("exit", (code) => void stop(code ?? 0));
process.on("SIGINT", () => void stop(130));
process.on("SIGTERM", () => void stop(143));
