/**
 * npm run bench:money: how the cost of getting paid's requests grows with the records: at 1,000,
 * 10,000 and 50,000 jobs (JOBS=1000,10000 picks the sizes), each an accepted quote with a deposit
 * paid, most completed with an invoice and a guarantee, some invoices paid, some overdue. It starts
 * a throw-away PostgreSQL (every migration applied), makes one job through the real code (quote
 * sent, accepted, deposit recorded, completed), copies its rows in SQL to reach each size, analyses
 * the tables, and times what the desk and the public check call: the money panel, the invoices
 * list, the accountant's CSV of a year, "Waiting for you" (with overdue invoices), a guarantee
 * check, and issuing one more invoice and one more receipt (their numbers queue on one counter row).
 * Writes the table into docs/payments.md.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { closeDatabase, database, liftDatabaseBounds } from "../netlify/lib/database/database.ts";
import { changeQuote } from "../netlify/lib/desk/lead-desk.ts";
import { dueFollowUps } from "../netlify/lib/follow-up/due-follow-ups.ts";
import { checkGuarantee, listInvoices, moneyCsv, moneySummary } from "../netlify/lib/payments/money-desk.ts";
import { recordPayment } from "../netlify/lib/payments/payments.ts";
import { acceptProposal } from "../netlify/lib/proposals/proposal-answers.ts";
import { createProposal, sendProposal } from "../netlify/lib/proposals/proposal-desk.ts";
import { insertQuote, type QuoteRecord } from "../netlify/lib/quote/quote-store.ts";
import { newReference } from "../netlify/lib/quote/reference.ts";
import { initialNotifications } from "../netlify/lib/mail/notification-state.ts";
import { londonDate } from "../src/lib/visits/london-time.ts";
import { startLocalDatabase } from "./lib/local-database.ts";
import { markdownTable, printTable, writeMarkdownBlock } from "./lib/quality-doc.ts";

const SIZES = (process.env.JOBS ?? "1000,10000,50000").split(",").map(Number);
const RUNS = 5;
const DOC = join(import.meta.dirname, "..", "docs", "payments.md");

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) =>
  value >= 10_000
    ? `${(value / 1000).toFixed(1)} s`
    : `${value >= 10 ? Math.round(value) : value.toFixed(1)} ms`;

async function measure(work: () => Promise<unknown>): Promise<number> {
  await work();
  const values: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    values.push(performance.now() - started);
  }
  return median(values);
}

function lead(): QuoteRecord {
  const createdAt = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    createdAt,
    reference: newReference(),
    firstName: "Morag",
    lastName: "Henderson",
    email: "morag@example.co.uk",
    phone: "07700 900111",
    serviceRequired: "new-installation",
    message: "A new roof, please.",
    attachments: [],
    status: "contacted",
    notifications: initialNotifications(createdAt),
  };
}

/** One job through the real code: quote sent and accepted, the deposit paid (not yet completed). */
async function acceptedJob(): Promise<{ proposalId: string; leadId: string }> {
  const record = lead();
  await insertQuote(record);
  const proposal = await createProposal(record.id, {
    lines: [
      { description: "Strip and re-slate the main roof", quantity: 1, unitPrice: 950000, vatRate: 20 },
      { description: "New lead flashings", quantity: 6, unitPrice: 8500, vatRate: 20 },
    ],
    depositPercent: 25,
  });
  const { proposal: sent } = await sendProposal(proposal.id);
  const token = sent.customerUrl!.split("/").pop()!;
  const { view } = await acceptProposal(
    token,
    {
      name: "Morag Henderson",
      agree: true,
      startEarly: false,
      propertyAddress: { line1: "3 Mill Lane", town: "Stirling", postcode: "FK8 1AA" },
    },
    { clientHash: "0".repeat(64), userAgent: null },
  );
  await recordPayment(proposal.id, {
    amount: view.decision!.deposit!,
    method: "bank",
    receivedOn: londonDate(Date.now()),
  });
  return { proposalId: proposal.id, leadId: record.id };
}

/** The same, completed: its invoice and guarantee issued. */
async function realJob(): Promise<{ proposalId: string; leadId: string }> {
  const job = await acceptedJob();
  await changeQuote(job.leadId, { status: "completed" }, null);
  return job;
}

/** The median time of completing an accepted job (its invoice number taken on the counter's row). */
async function completionMs(): Promise<number> {
  const values: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const job = await acceptedJob();
    const started = performance.now();
    await changeQuote(job.leadId, { status: "completed" }, null);
    if (run > 0) values.push(performance.now() - started);
  }
  return median(values);
}

/**
 * Copies the real job `count` times in SQL: a lead, its proposal and acceptance, the deposit's
 * payment, and for 9 in 10 an invoice and a guarantee; a third of the invoices paid, a fifth overdue.
 * Days spread over the last two years.
 */
async function copyJobs(template: { proposalId: string; leadId: string }, from: number, count: number) {
  const db = database();
  await db.query(
    `CREATE TEMP TABLE IF NOT EXISTS seed AS SELECT 0 AS n, gen_random_uuid() AS lead_id, gen_random_uuid() AS proposal_id LIMIT 0`,
  );
  await db.query("TRUNCATE seed");
  await db.query(
    `INSERT INTO seed SELECT n, gen_random_uuid(), gen_random_uuid() FROM generate_series($1::int, $2::int) AS n`,
    [from, from + count - 1],
  );
  const day = "(current_date - (seed.n * 7919 % 730))";
  await db.query(
    `INSERT INTO leads (id, reference, created_at, first_name, last_name, email, phone, service, message, attachments,
       status, notes, source, source_label, search_text, version)
     SELECT seed.lead_id, NULL, ${day}::timestamptz, 'Customer', 'N' || seed.n, 'c' || seed.n || '@example.co.uk', l.phone,
            l.service, l.message, l.attachments, 'completed', '[]'::jsonb, l.source, l.source_label, 'customer n' || seed.n, 1
       FROM seed, leads l WHERE l.id = $1`,
    [template.leadId],
  );
  await db.query(
    `INSERT INTO proposals (id, lead_id, version, status, lines, deposit_percent, created_at, updated_at, number, token,
       document, document_hash, sent_at, valid_until, decided_at)
     SELECT seed.proposal_id, seed.lead_id, 1, 'accepted', p.lines, p.deposit_percent, p.created_at, p.updated_at,
            'Q-B' || lpad(seed.n::text, 6, '0') || '-1',
            rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '='),
            p.document, p.document_hash, p.sent_at, p.valid_until, p.decided_at
       FROM seed, proposals p WHERE p.id = $1`,
    [template.proposalId],
  );
  await db.query(
    `INSERT INTO proposal_acceptances (proposal_id, accepted_at, name, options, start_early, document_hash, client_hash,
       user_agent, property_address, totals)
     SELECT seed.proposal_id, a.accepted_at, a.name, a.options, a.start_early, a.document_hash, a.client_hash, a.user_agent,
            a.property_address, a.totals
       FROM seed, proposal_acceptances a WHERE a.proposal_id = $1`,
    [template.proposalId],
  );
  await db.query(
    `INSERT INTO invoices (number, sequence, proposal_id, proposal_number, issued_at, issued_on, due_on, customer_name,
       customer_address, document, net, vat, total, paid_on)
     SELECT 'INV-' || lpad((1000000 + seed.n)::text, 7, '0'), 1000000 + seed.n, seed.proposal_id,
            'Q-B' || lpad(seed.n::text, 6, '0') || '-1', ${day}::timestamptz, ${day}, ${day} + 7, 'Customer N' || seed.n,
            i.customer_address, i.document, i.net, i.vat, i.total,
            CASE WHEN seed.n % 5 = 0 THEN NULL WHEN seed.n % 3 = 0 THEN ${day} + 3 ELSE ${day} + 10 END
       FROM seed, invoices i WHERE i.proposal_id = $1 AND seed.n % 10 <> 0`,
    [template.proposalId],
  );
  await db.query(
    `INSERT INTO payments (id, proposal_id, proposal_number, customer_name, amount, vat, method, received_on, recorded_at,
       receipt_number)
     SELECT gen_random_uuid(), seed.proposal_id, 'Q-B' || lpad(seed.n::text, 6, '0') || '-1', 'Customer N' || seed.n,
            p.amount, p.vat, 'bank', ${day}, now(), 'R-' || lpad((1000000 + seed.n)::text, 7, '0')
       FROM seed, payments p WHERE p.proposal_id = $1`,
    [template.proposalId],
  );
  await db.query(
    `INSERT INTO guarantees (number, proposal_id, proposal_number, invoice_number, customer_name, property_address, postcode,
       work, term_work, years, completed_on, valid_until, conditions, issued_at)
     SELECT 'G-' || upper(substr(md5(seed.n::text), 1, 4)) || '-' || upper(substr(md5(seed.n::text), 5, 4)),
            seed.proposal_id, 'Q-B' || lpad(seed.n::text, 6, '0') || '-1', 'INV-' || lpad((1000000 + seed.n)::text, 7, '0'),
            'Customer N' || seed.n, g.property_address, g.postcode, g.work, g.term_work, g.years, ${day}, ${day} + 3650,
            g.conditions, now()
       FROM seed, guarantees g WHERE g.proposal_id = $1 AND seed.n % 10 <> 0`,
    [template.proposalId],
  );
  await db.query("ANALYZE");
}

async function main() {
  const directory = await mkdtemp(join(tmpdir(), "bench-money-"));
  const local = await startLocalDatabase({ directory, persistent: false });
  process.env.NETLIFY_DB_URL = local.url;
  // Copying thousands of jobs in one statement and ANALYZE outlast the bounds of a visitor's request.
  liftDatabaseBounds();
  const header = ["Request", ...SIZES.map((size) => `${size.toLocaleString("en-GB")} jobs`)];
  const rows = new Map<string, string[]>();
  const add = (name: string, value: number) => rows.set(name, [...(rows.get(name) ?? []), ms(value)]);
  try {
    const template = await realJob();
    const [guarantee] = (await database().query<{ number: string }>("SELECT number FROM guarantees")).rows;
    let seeded = 1;
    const year = londonDate(Date.now() - 365 * 24 * 60 * 60 * 1000);
    for (const size of [...SIZES].sort((a, b) => a - b)) {
      await copyJobs(template, seeded, size - seeded);
      seeded = size;
      add("Money panel (GET /api/admin/money)", await measure(() => moneySummary()));
      add("Invoices of a year (GET /api/admin/invoices)", await measure(() => listInvoices(year)));
      add("Accountant's CSV of a year", await measure(() => moneyCsv(year)));
      add("Waiting for you, overdue invoices included", await measure(() => dueFollowUps()));
      add("Guarantee check", await measure(() => checkGuarantee(guarantee!.number, "FK8 1AA")));
      add("Complete a job: its invoice and guarantee", await completionMs());
      console.log(`${size} jobs done`);
    }
    const table = [...rows].map(([name, values]) => [name, ...values]);
    printTable(header, table);
    await writeMarkdownBlock(DOC, "bench-money", markdownTable(header, table));
  } finally {
    await closeDatabase();
    await local.stop();
    await rm(directory, { recursive: true, force: true });
  }
}

await main();
