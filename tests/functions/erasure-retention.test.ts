/**
 * Erasure and retention of the accounts (docs/payments.md, "Keeping the records") through the real
 * handlers against a real PostgreSQL: an erased lead's invoice, receipts and refund stay with the
 * same numbers, amounts and dates and without the customer's name, e-mail or address, in the JSON,
 * the accountant's CSV, the Xero file and the payments CSV; the lead's other data is gone; the PDFs
 * as issued download byte for byte. The retention job, its clock moved on, deletes a job's records
 * and their bytes six years after the end of their tax year, and a guarantee six years after its
 * term, never younger ones, and logs counts only.
 */
import { parse as parseCsv } from "csv-parse/sync";
import { beforeEach, describe, expect, test } from "vitest";
import retention from "../../netlify/functions/lead-retention.mts";
import { checkGuarantee } from "../../netlify/lib/payments/money-desk.ts";
import {
  accountsCutoff,
  deleteExpiredAccounts,
  guaranteeCutoff,
} from "../../netlify/lib/payments/records-erasure.ts";
import { ERASED_CUSTOMER } from "../../src/lib/payments/erased-accounts.ts";
import type { ProposalBody } from "../../src/lib/proposals/proposal-schema.ts";
import { addDays, londonDate } from "../../src/lib/visits/london-time.ts";
import { useAdminSession } from "./admin-session.ts";
import { callApi, patchLeadWithETag } from "./api-client.ts";
import { clearLimits, clearRecords, contactedLead, datedBack, queryRecords } from "./database.ts";

const session = useAdminSession();
beforeEach(async () => {
  await clearRecords();
  await clearLimits();
});

const NAME = "Siobhán Wiśniewska";
const EMAIL = "siobhan@example.co.uk";
const BODY: ProposalBody = {
  lines: [
    { description: "Strip and re-slate the front pitch", quantity: 1, unitPrice: 480000, vatRate: 20 },
    { description: "Loft insulation", quantity: 2, unitPrice: 12550, vatRate: 5 },
  ],
  depositPercent: 20,
};
const DAY = 24 * 60 * 60 * 1000;
const YEAR = 365.25 * DAY;

const admin = (method: string, path: string, body?: object) =>
  callApi(method, path, { cookie: session.cookie, body });

/** A new roof quoted, sent and accepted with the property's address; its deposit paid by bank on `receivedOn`. */
async function paidQuote(receivedOn = londonDate(Date.now())) {
  const lead = await contactedLead({ serviceRequired: "new-installation", phone: "07700 900555" });
  const created = await (
    await admin("POST", `/api/admin/contact-submissions/${lead.id}/proposals`, BODY)
  ).json();
  const sent = await (await admin("POST", `/api/admin/proposals/${created.id}/send`)).json();
  const token = sent.customerUrl.split("/").pop() as string;
  const accepted = await callApi("POST", `/api/proposals/${token}/accept`, {
    body: {
      name: NAME,
      agree: true,
      startEarly: false,
      propertyAddress: { line1: "12 Burnside Wynd", town: "Kippen", postcode: "FK8 3DP" },
    },
  });
  const deposit = (await accepted.json()).payment.dueNow as number;
  const paid = await admin("POST", `/api/admin/proposals/${created.id}/payments`, {
    amount: deposit,
    method: "bank",
    receivedOn,
  });
  expect(paid.status).toBe(201);
  return { leadId: lead.id, proposalId: created.id as string, number: sent.number as string, token, deposit };
}

/**
 * The job completed (invoice and guarantee) and its balance paid, both dated `on` (the invoice is
 * dated back by SQL when `on` is before today): the invoice's and guarantee's numbers.
 */
async function completedJob(leadId: string, proposalId: string, on = londonDate(Date.now())) {
  const completed = await patchLeadWithETag(session.cookie, leadId, { status: "completed" });
  expect(completed.status).toBe(200);
  const { invoices, guarantee } = await completed.json();
  await datedBack("UPDATE invoices SET issued_on = $2, due_on = $2 WHERE number = $1", [
    invoices[0].number,
    on,
  ]);
  const balance = await admin("POST", `/api/admin/proposals/${proposalId}/payments`, {
    amount: invoices[0].total,
    method: "bank",
    receivedOn: on,
  });
  expect(balance.status).toBe(201);
  return { invoice: invoices[0].number as string, guarantee: guarantee.number as string };
}

const erase = async (leadId: string) =>
  expect((await admin("DELETE", `/api/admin/contact-submissions/${leadId}`)).status).toBe(204);

/** Everything the accountant and the desk are given of the invoices and payments. */
async function accounts() {
  const text = async (path: string) => (await (await admin("GET", path)).text()).replace(/^\ufeff/, "");
  const csv = async (format: string) =>
    parseCsv<Record<string, string>>(await text(`/api/admin/invoices?format=${format}`), { columns: true });
  return {
    list: await (await admin("GET", "/api/admin/invoices")).json(),
    csv: await csv("csv"),
    xero: await csv("xero"),
    payments: await csv("payments"),
  };
}

const download = async (number: string) => {
  const response = await admin("GET", `/api/admin/documents/${number}`);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe("erasing a lead with accounts", () => {
  test("keeps the invoice, receipts and guarantee with the same numbers, amounts and dates, without the customer's name, e-mail or address", async () => {
    const quote = await paidQuote();
    const { invoice, guarantee } = await completedJob(quote.leadId, quote.proposalId);
    const before = await accounts();
    expect(before.list).toHaveLength(1);
    expect(before.list[0].customer).toBe(NAME);
    expect(before.xero[0]).toMatchObject({ ContactName: NAME, EmailAddress: EMAIL, POPostalCode: "FK8 3DP" });
    // The receipt is downloaded before the erasure; the invoice and certificate never were.
    const receipt = await download("R-000001");
    expect(receipt.status).toBe(200);
    expect(await queryRecords("SELECT number FROM issued_documents")).toEqual([{ number: "R-000001" }]);

    await erase(quote.leadId);

    const after = await accounts();
    const blank = { customer: ERASED_CUSTOMER };
    expect(after.list).toEqual(before.list.map((row: object) => ({ ...row, ...blank })));
    expect(after.csv).toEqual(before.csv.map((row) => ({ ...row, Customer: ERASED_CUSTOMER })));
    expect(after.payments).toEqual(before.payments.map((row) => ({ ...row, Customer: ERASED_CUSTOMER })));
    expect(after.xero).toEqual(
      before.xero.map((row) => ({
        ...row,
        ContactName: ERASED_CUSTOMER,
        EmailAddress: "",
        POAddressLine1: "",
        POCity: "",
        POPostalCode: "",
      })),
    );
    expect(after.csv.map((row) => row.Number)).toEqual(["R-000001", invoice, "R-000002"].sort());
    const everything = JSON.stringify(after);
    for (const personal of [NAME, EMAIL, "Burnside", "FK8 3DP", "07700 900555"])
      expect(everything).not.toContain(personal);
    const rows = JSON.stringify([
      await queryRecords("SELECT * FROM invoices"),
      await queryRecords("SELECT * FROM payments"),
      await queryRecords("SELECT customer_name FROM guarantees"),
    ]);
    for (const personal of [NAME, EMAIL, "Burnside"]) expect(rows).not.toContain(personal);

    // The lead's other data is gone: its row, quote, acceptance, e-mails and links.
    for (const table of ["leads", "proposals", "proposal_acceptances", "mail_jobs", "link_tokens"])
      expect(await queryRecords(`SELECT 1 FROM ${table}`), table).toEqual([]);

    // Every document was kept as issued before the erasure, and downloads byte for byte.
    expect(
      (await queryRecords<{ number: string }>("SELECT number FROM issued_documents ORDER BY number")).map(
        (row) => row.number,
      ),
    ).toEqual([guarantee, invoice, "R-000001", "R-000002"].sort());
    expect((await download("R-000001")).bytes.equals(receipt.bytes)).toBe(true);
    for (const number of [invoice, guarantee, "R-000002"]) expect((await download(number)).status).toBe(200);
    // Nothing is drawn from pseudonymised rows: a document whose bytes were lost is not found.
    await queryRecords("DELETE FROM issued_documents WHERE number = 'R-000002'");
    expect((await download("R-000002")).status).toBe(404);

    // The guarantee still checks out with the property's postcode; the check shows no name.
    const check = await callApi("GET", `/api/guarantees/check?number=${guarantee}&postcode=FK8%203DP`);
    expect(check.status).toBe(200);
    expect(JSON.stringify(await check.json())).not.toContain(NAME);
  });

  test("a cancelled quote's refund stays pseudonymised, its note gone", async () => {
    const quote = await paidQuote();
    await callApi("POST", `/api/proposals/${quote.token}/cancel`, { body: { name: NAME } });
    const refunded = await admin("POST", `/api/admin/proposals/${quote.proposalId}/refund`, {
      amount: quote.deposit,
      note: `Paid back to ${NAME}`,
    });
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    await erase(quote.leadId);
    expect(await queryRecords("SELECT customer_name, note, amount FROM refunds")).toEqual([
      { customer_name: ERASED_CUSTOMER, note: null, amount: quote.deposit },
    ]);
    const csv = (await (await admin("GET", "/api/admin/invoices?format=payments")).text()).replace(
      /^\ufeff/,
      "",
    );
    expect(csv).toContain(`-${(quote.deposit / 100).toFixed(2)},refund,${quote.number},,${ERASED_CUSTOMER}`);
  });
});

describe("the retention job over the accounts", () => {
  test("the cutoffs: six years after the tax year's 5 April; a guarantee six years after its term", () => {
    expect(accountsCutoff("2033-04-06")).toBe("2027-04-05");
    expect(accountsCutoff("2033-04-05")).toBe("2026-04-05");
    expect(accountsCutoff("2033-01-10")).toBe("2026-04-05");
    expect(guaranteeCutoff("2042-11-28")).toBe("2036-11-27");
    expect(guaranteeCutoff("2032-02-29")).toBe("2026-02-28");
  });

  test("deletes an erased job's records and their bytes six years after their tax year, not younger ones, to the day", async () => {
    // Jobs paid long ago, on the real clock: their rows are as old as the retention needs.
    const now = Date.now();
    const today = londonDate(now);
    const cutoff = accountsCutoff(today);
    const sevenYearsAgo = londonDate(now - 7 * YEAR);
    const old = await paidQuote(sevenYearsAgo);
    const oldDocuments = await completedJob(old.leadId, old.proposalId, sevenYearsAgo);
    const lastDayOut = await paidQuote(cutoff);
    const firstDayIn = await paidQuote(addDays(cutoff, 1));
    const young = await paidQuote();
    await paidQuote(sevenYearsAgo); // a lead still kept (won): its deposit stays with it
    for (const quote of [old, lastDayOut, firstDayIn, young]) await erase(quote.leadId);
    const receipts = () =>
      queryRecords<{ receipt_number: string }>("SELECT receipt_number FROM payments ORDER BY 1").then(
        (rows) => rows.map((row) => row.receipt_number),
      );
    const documents = () =>
      queryRecords<{ number: string }>("SELECT number FROM issued_documents ORDER BY number").then((rows) =>
        rows.map((row) => row.number),
      );
    // R-000001 the old deposit, R-000002 its balance, then one deposit each.
    expect(await receipts()).toEqual([
      "R-000001",
      "R-000002",
      "R-000003",
      "R-000004",
      "R-000005",
      "R-000006",
    ]);
    const counters = await queryRecords("SELECT * FROM document_counters ORDER BY kind");
    const before = await documents();
    expect(before).toEqual(
      [
        oldDocuments.guarantee,
        oldDocuments.invoice,
        "R-000001",
        "R-000002",
        "R-000003",
        "R-000004",
        "R-000005",
      ].sort(),
    );

    // The scheduled run: the old job (invoice and two payments) and the deposit on the tax year's
    // last day go; the deposit of the next day, today's and the kept lead's stay.
    expect(await (await retention()).json()).toEqual({
      erased: 0,
      records: 4,
      guarantees: 0,
      finished: true,
    });
    expect(await receipts()).toEqual(["R-000004", "R-000005", "R-000006"]);
    expect(await queryRecords("SELECT 1 FROM invoices")).toEqual([]);
    expect(await documents()).toEqual([oldDocuments.guarantee, "R-000004", "R-000005"]);
    expect(await deleteExpiredAccounts()).toEqual({ records: 0, guarantees: 0, finished: true });
    // One entry in the activity log: a count, nothing else.
    expect(await accountsLog()).toEqual([{ lead_id: null, document: null, count: 4 }]);

    // The numbers never run again.
    expect(await queryRecords("SELECT * FROM document_counters ORDER BY kind")).toEqual(counters);
  });

  test("a guarantee stays, still checkable, until six years after its term, then goes with its certificate", async () => {
    const now = Date.now();
    const sevenYearsAgo = londonDate(now - 7 * YEAR);
    const old = await paidQuote(sevenYearsAgo);
    const { guarantee } = await completedJob(old.leadId, old.proposalId, sevenYearsAgo);
    await erase(old.leadId);
    expect(await deleteExpiredAccounts()).toEqual({ records: 3, guarantees: 0, finished: true });
    // The guarantee (ten years from its completion today) stays without its invoice's number.
    expect(await queryRecords("SELECT invoice_number FROM guarantees")).toEqual([{ invoice_number: null }]);
    const [row] = await queryRecords<{ valid_until: string }>(
      "SELECT valid_until::text AS valid_until FROM guarantees",
    );
    const validUntil = row!.valid_until;
    const lastDay = Date.parse(`${Number(validUntil.slice(0, 4)) + 6}${validUntil.slice(4)}T12:00:00Z`);
    // The clock moved on: seven years, then the last day of the six years after its term.
    for (const at of [now + 7 * YEAR, lastDay]) {
      expect(await deleteExpiredAccounts(at)).toEqual({ records: 0, guarantees: 0, finished: true });
      expect(await checkGuarantee(guarantee, "FK8 3DP", at)).toMatchObject({ valid: at < lastDay });
      expect((await download(guarantee)).status).toBe(200);
    }
    expect(await deleteExpiredAccounts(lastDay + DAY)).toEqual({ records: 0, guarantees: 1, finished: true });
    expect(await queryRecords("SELECT 1 FROM guarantees")).toEqual([]);
    expect(await queryRecords("SELECT 1 FROM issued_documents")).toEqual([]);
    expect(await checkGuarantee(guarantee, "FK8 3DP", lastDay + DAY)).toBeNull();
    expect((await download(guarantee)).status).toBe(404);
    // Each run that deleted something left one entry: a count, nothing else (older entries go as
    // the log's days pass).
    expect(await accountsLog()).toEqual([{ lead_id: null, document: null, count: 1 }]);
  });
});

const accountsLog = () =>
  queryRecords<{ lead_id: string | null; document: string | null; count: number }>(
    "SELECT lead_id, document, count FROM activity_log WHERE event = 'retention-accounts' ORDER BY id",
  );
