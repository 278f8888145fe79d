/**
 * Mail jobs (netlify/lib/mail/mail-jobs.ts) against a real PostgreSQL and a real SMTP server: an
 * e-mail is due exactly when the change that queued it commits, goes once however many senders run,
 * carries its files, is retried or given up as the quote e-mails are, and goes with its lead.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { transaction } from "../../netlify/lib/database/database.ts";
import { eraseQuote } from "../../netlify/lib/desk/erase-quote.ts";
import { deliverMailJobs, mailJobsOf, registerMailRenderer } from "../../netlify/lib/mail/mail-jobs.ts";
import { cancelMail, enqueueMail } from "../../netlify/lib/mail/mail-queue.ts";
import { useBlobs } from "./blobs.ts";
import { clearRecords, queryRecords, savedLead } from "./database.ts";
import { startSmtp } from "./smtp.ts";

let smtp: Awaited<ReturnType<typeof startSmtp>>;

useBlobs();
beforeAll(() => {
  registerMailRenderer("test-note", () =>
    Promise.resolve((job) =>
      Promise.resolve({
        to: "customer@example.co.uk",
        replyTo: "owner@example.co.uk",
        subject: `Note ${job.subjectId ?? ""}`,
        text: "A note.",
        html: "<p>A note.</p>",
        attachments: [
          { filename: "note.pdf", content: Buffer.from("%PDF-1.7\n"), contentType: "application/pdf" },
        ],
        icalEvent: {
          method: "REQUEST",
          filename: "visit.ics",
          content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
        },
      }),
    ),
  );
  registerMailRenderer("test-gone", () => Promise.resolve(() => Promise.resolve(null)));
});
beforeEach(async () => {
  await clearRecords();
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
});
afterEach(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});

const lead = () => savedLead();

const queue = (leadId: string, job: Partial<Parameters<typeof enqueueMail>[1]> = {}) =>
  transaction((client) => enqueueMail(client, { leadId, kind: "test-note", ...job }));

describe("mail jobs", () => {
  test("due when its change commits, never when it rolls back; sent once with its files", async () => {
    const { id } = await lead();
    await expect(
      transaction(async (client) => {
        await enqueueMail(client, { leadId: id, kind: "test-note" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await mailJobsOf(id)).toEqual([]);

    const subjectId = crypto.randomUUID();
    const jobId = await queue(id, { subjectId });
    expect(await deliverMailJobs({ ids: [jobId!] })).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!.parsed;
    expect(mail.subject).toBe(`Note ${subjectId}`);
    const files = mail.attachments.map((file) => [file.filename, file.contentType]);
    expect(files).toEqual(expect.arrayContaining([["note.pdf", "application/pdf"]]));
    expect(files.some(([, type]) => type === "text/calendar")).toBe(true);
    expect((await mailJobsOf(id)).map((job) => [job.status, job.attempts])).toEqual([["sent", 1]]);
    // Sent is sent: nothing goes again.
    expect(await deliverMailJobs()).toBe(0);
    expect(smtp.messages).toHaveLength(1);
  });

  test("five senders at once send each of twenty e-mails exactly once", async () => {
    const leads = await Promise.all(Array.from({ length: 4 }, () => lead()));
    for (const { id } of leads) for (let n = 0; n < 5; n++) await queue(id);
    const tried = await Promise.all(Array.from({ length: 5 }, () => deliverMailJobs()));
    expect(tried.reduce((a, b) => a + b, 0)).toBe(20);
    expect(smtp.messages).toHaveLength(20);
    const rows = await queryRecords<{ status: string; attempts: number }>(
      "SELECT status, attempts FROM mail_jobs",
    );
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  test("a reminder waits for its day; a key queues once; a cancelled one never goes", async () => {
    const { id } = await lead();
    const subjectId = crypto.randomUUID();
    const later = Date.now() + 7 * 24 * 3_600_000;
    expect(await queue(id, { subjectId, dueAt: later, dedupeKey: `reminder-${subjectId}` })).not.toBeNull();
    expect(await queue(id, { subjectId, dueAt: later, dedupeKey: `reminder-${subjectId}` })).toBeNull();
    const other = await queue(id, { subjectId });
    expect(await transaction((client) => cancelMail(client, subjectId, ["test-note"]))).toBe(2);
    expect(await deliverMailJobs({ ids: [other!] })).toBe(0);
    expect(smtp.messages).toHaveLength(0);
    expect((await mailJobsOf(id)).map((job) => job.status)).toEqual(["cancelled", "cancelled"]);
  });

  test("a refusing server fails it for good; a missing template fails it; a template with nothing to say cancels it", async () => {
    const { id } = await lead();
    smtp.setMode("refuse");
    await queue(id);
    await deliverMailJobs();
    smtp.setMode("accept");
    await queue(id, { kind: "no-such-template" });
    await queue(id, { kind: "test-gone" });
    await deliverMailJobs();
    const jobs = await mailJobsOf(id);
    // Queued in the same millisecond, the three have no order of their own: compared by kind.
    expect(jobs.map((job) => [job.kind, job.status]).sort()).toEqual([
      ["no-such-template", "failed"],
      ["test-gone", "cancelled"],
      ["test-note", "failed"],
    ]);
    expect(jobs.find((job) => job.kind === "no-such-template")!.error).toBe(
      "No template for e-mails of kind no-such-template",
    );
    expect(smtp.messages).toHaveLength(0);
  });

  test("a server that cannot be reached leaves it pending, due again after a backoff", async () => {
    const { id } = await lead();
    await smtp.stop();
    const jobId = await queue(id);
    const before = Date.now();
    await deliverMailJobs({ ids: [jobId!] });
    const [job] = await mailJobsOf(id);
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(Date.parse(job!.dueAt)).toBeGreaterThanOrEqual(before + 5 * 60 * 1000);
    smtp = await startSmtp();
  });

  test("an erased lead takes its e-mails with it", async () => {
    const record = await lead();
    await queue(record.id);
    await eraseQuote(record, "owner");
    expect(await queryRecords("SELECT id FROM mail_jobs")).toEqual([]);
  });
});
