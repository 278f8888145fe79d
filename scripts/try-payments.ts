/**
 * npm run try:payments -- [URL] [--jobs N]: getting paid tried end to end through a served site
 * (`npm start`, default http://localhost:8888, its MailDev at http://127.0.0.1:1080), as the owner
 * and his customers would, at volume and at once. Needs leads in the site's database (e.g.
 * `npm run seed:leads -- --count 100` first) and, for the Stripe step, the site started with
 * STRIPE_WEBHOOK_SECRET=whsec_try_payments_locally.
 *
 * For N leads (default 30) it signs in, builds and sends a written quote on each, accepts each as
 * its customer (with the property's address), records N deposits at once, completes N jobs at once
 * and checks that their invoice numbers run on without a gap or repeat; reads MailDev for the
 * receipts and the invoice e-mails with their two PDFs; checks a certificate on the guarantee
 * check with its postcode and with another; sends a signed Stripe event three times and a forged
 * one. Prints what it found and exits 1 when something is wrong. Changes the site's records: run it
 * against a local site only.
 */
import { parseArgs } from "node:util";
import Stripe from "stripe";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { jobs: { type: "string", default: "30" }, "at-once": { type: "string", default: "30" } },
});
const SITE = (positionals[0] ?? "http://localhost:8888").replace(/\/$/, "");
const MAILDEV = process.env.MAILDEV_URL ?? "http://127.0.0.1:1080";
const JOBS = Number(values.jobs);
/** How many payments and completions go at once (the Netlify CLI runs each call in a worker of its own). */
const AT_ONCE = Number(values["at-once"]);
const WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_try_payments_locally";
const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) problems.push(what);
};

let cookie = "";
async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${SITE}${path}`, {
    method,
    headers: {
      Origin: SITE,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return response;
}

async function json<T = Record<string, unknown>>(
  response: Response,
  expected: number,
  what: string,
): Promise<T> {
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${what}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  console.log(`     ${what}: ${Math.round(performance.now() - started)} ms`);
  return result;
};

async function main() {
  const login = await api("POST", "/api/admin/login", { password: process.env.ADMIN_PASSWORD ?? "admin" });
  cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  check(login.ok && !!cookie, "signed in to the desk");

  const list = await json<{ id: string }[]>(
    await api("GET", `/api/admin/contact-submissions?status=new&limit=${JOBS}`),
    200,
    "the leads",
  );
  const leads = list.slice(0, JOBS);
  if (leads.length < JOBS)
    throw new Error(`Only ${leads.length} new leads: run npm run seed:leads -- --count 100 first`);
  await fetch(`${MAILDEV}/api/email/all`, { method: "DELETE" });

  // Built, sent and accepted a few at a time, as an owner and his customers would; the payments
  // and completions below go all at once.
  const inBatches = async <T, R>(items: T[], size: number, work: (item: T, index: number) => Promise<R>) => {
    const results: R[] = [];
    for (let start = 0; start < items.length; start += size)
      results.push(
        ...(await Promise.all(items.slice(start, start + size).map((item, i) => work(item, start + i)))),
      );
    return results;
  };
  const jobs = await timed(`${JOBS} quotes built, sent and accepted`, () =>
    inBatches(leads, 5, async (lead, index) => {
      const draft = await json<{ id: string }>(
        await api("POST", `/api/admin/contact-submissions/${lead.id}/proposals`, {
          lines: [
            {
              description: "Strip and re-slate the front pitch",
              quantity: 1,
              unitPrice: 420000 + index * 101,
              vatRate: 20,
            },
            { description: "Loft insulation top-up", quantity: 1, unitPrice: 1001, vatRate: 5 },
          ],
          depositPercent: 25,
        }),
        201,
        "a draft",
      );
      const sent = await json<{ customerUrl: string; number: string }>(
        await api("POST", `/api/admin/proposals/${draft.id}/send`),
        200,
        "sending",
      );
      const token = sent.customerUrl.split("/").pop()!;
      const accepted = await json<{ payment: { dueNow: number; bank: unknown } }>(
        await api("POST", `/api/proposals/${token}/accept`, {
          name: "Try Payments",
          agree: true,
          startEarly: false,
          propertyAddress: { line1: `${index + 1} Main Street`, town: "Kippen", postcode: "FK8 3DN" },
        }),
        200,
        "accepting",
      );
      return {
        lead,
        proposalId: draft.id,
        token,
        number: sent.number,
        deposit: accepted.payment.dueNow,
        bank: accepted.payment.bank,
      };
    }),
  );
  check(
    jobs.every((job) => job.deposit > 0 && job.bank),
    "each accepted quote asks for its deposit, with the bank details",
  );

  const today = new Date().toISOString().slice(0, 10);
  const paid = await timed(`${JOBS} bank deposits recorded, ${AT_ONCE} at once`, () =>
    inBatches(jobs, AT_ONCE, async (job) =>
      json<{ receiptNumber: string }>(
        await api("POST", `/api/admin/proposals/${job.proposalId}/payments`, {
          amount: job.deposit,
          method: "bank",
          receivedOn: today,
        }),
        201,
        "a payment",
      ),
    ),
  );
  const receipts = paid.map((p) => Number(p.receiptNumber.slice(2))).sort((a, b) => a - b);
  check(
    receipts.every((n, i) => i === 0 || n === receipts[i - 1]! + 1),
    `receipt numbers run on without a gap (${paid.length})`,
  );

  const completed = await timed(`${JOBS} jobs completed, ${AT_ONCE} at once`, () =>
    inBatches(jobs, AT_ONCE, async (job) => {
      const current = await api("GET", `/api/admin/contact-submissions/${job.lead.id}`);
      const etag = current.headers.get("etag")!;
      await current.arrayBuffer();
      return json<{ invoices: { number: string }[]; guarantee: { number: string } }>(
        await api(
          "PATCH",
          `/api/admin/contact-submissions/${job.lead.id}`,
          { status: "completed" },
          { "If-Match": etag },
        ),
        200,
        "completing",
      );
    }),
  );
  const invoiceNumbers = completed
    .map((lead) => Number(lead.invoices[0]!.number.slice(4)))
    .sort((a, b) => a - b);
  check(
    invoiceNumbers.length === JOBS &&
      invoiceNumbers.every((n, i) => i === 0 || n === invoiceNumbers[i - 1]! + 1),
    `invoice numbers INV-${invoiceNumbers[0]} to INV-${invoiceNumbers.at(-1)} run on without a gap or repeat`,
  );

  // The e-mails go right after each answer; give the local inbox a moment.
  let mails: { subject: string; attachments?: { filename: string }[] }[] = [];
  for (let i = 0; i < 60; i++) {
    mails = (await (await fetch(`${MAILDEV}/api/email`)).json()) as typeof mails;
    if (mails.filter((m) => m.subject.startsWith("Invoice INV-")).length >= JOBS) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const invoiceMails = mails.filter((m) => m.subject.startsWith("Invoice INV-"));
  check(invoiceMails.length === JOBS, `${invoiceMails.length} invoice e-mails in MailDev`);
  check(
    invoiceMails.every(
      (m) => (m.attachments ?? []).map((a) => a.filename).filter((f) => f.endsWith(".pdf")).length === 2,
    ),
    "each with the invoice and the guarantee certificate as PDFs",
  );
  check(
    mails.filter((m) => m.subject.startsWith("Payment received")).length === JOBS,
    "a receipt e-mail for each deposit",
  );

  const guarantee = completed[0]!.guarantee.number;
  const right = await api("GET", `/api/guarantees/check?number=${guarantee}&postcode=fk83dn`);
  check(
    right.status === 200 && ((await right.json()) as { valid: boolean }).valid,
    `${guarantee} checks out with its postcode`,
  );
  const wrong = await api("GET", `/api/guarantees/check?number=${guarantee}&postcode=FK8%203DP`);
  check(wrong.status === 404, `${guarantee} does not check out with another postcode (404)`);

  const cardJob = jobs[0]!;
  const payload = JSON.stringify({
    id: `evt_try_${Date.now()}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_try_${Date.now()}`,
        object: "checkout.session",
        amount_total: 1000,
        currency: "gbp",
        payment_status: "paid",
        client_reference_id: cardJob.proposalId,
        metadata: { proposalId: cardJob.proposalId },
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const deliveries = await Promise.all(
    [1, 2, 3].map(() => api("POST", "/api/stripe/webhook", payload, { "Stripe-Signature": signature })),
  );
  const answers = await Promise.all(deliveries.map((r) => r.json() as Promise<{ recorded?: boolean }>));
  check(
    deliveries.every((r) => r.status === 200) && answers.filter((a) => a.recorded).length === 1,
    "a signed Stripe event sent three times at once is recorded once",
  );
  const forged = await api("POST", "/api/stripe/webhook", payload, {
    "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_forged" }),
  });
  check(forged.status === 400, "a forged Stripe event is refused (400)");
  const payments = await json<{ payments: { method: string }[] }>(
    await api("GET", `/api/admin/proposals/${cardJob.proposalId}/payments`),
    200,
    "the payments",
  );
  check(payments.payments.filter((p) => p.method === "card").length === 1, "one card payment on the quote");

  const money = await timed("the money panel", async () =>
    json<{ requested: { amount: number } }>(await api("GET", "/api/admin/money"), 200, "money"),
  );
  check(money.requested.amount > 0, "the money panel lists what is owed");
  const csv = await api("GET", "/api/admin/invoices?format=csv");
  check(
    csv.ok && (await csv.text()).split("\r\n").length > JOBS * 2,
    "the accountant's CSV lists the invoices and receipts",
  );

  if (problems.length) {
    console.error(`\n${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log("\nEverything checked out.");
}

await main();
