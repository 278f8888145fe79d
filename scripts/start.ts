/**
 * npm start: MailDev (a local inbox for the site's e-mails) and `netlify serve --offline`, which
 * builds the site and serves it with Functions and local Blobs. Under the Netlify CLI the functions'
 * SMTP_URL defaults to this MailDev (netlify/lib/mail/mailer.ts), so a test quote's two e-mails show up
 * at http://127.0.0.1:1080. When something already listens on MailDev's SMTP port (an earlier
 * MailDev, say), that is used and no second one is started. Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";

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

const serve = spawn("netlify", ["serve", "--offline", "--port", port], { stdio: "inherit" });
children.push(serve);

// The Netlify CLI does not run scheduled functions on their schedule; call the e-mail sender as
// its `config.schedule` would (every 5 minutes), so retries happen locally too (docs/workarounds.md).
const SCHEDULE_MS = 5 * 60 * 1000;
const sender = `http://localhost:${port}/.netlify/functions/send-notifications`;
setInterval(() => {
  fetch(sender, { method: "POST" }).catch(() => undefined);
}, SCHEDULE_MS).unref();

function stop(code: number): void {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exit(code);
}

serve.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(130));
process.on("SIGTERM", () => stop(143));
