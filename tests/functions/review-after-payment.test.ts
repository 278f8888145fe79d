/**
 * The review request of an invoiced job waits for the invoice to be paid (docs/reviews.md, "Not
 * before she has paid"), through the functions against PostgreSQL and a real SMTP server: Job done
 * with money owed queues the invoice and no review; the payment that settles the invoice queues the
 * review, once; a job with nothing left to pay is asked at completion.
 */
import { expect, test } from "vitest";
import { callApi } from "./api-client.ts";
import { queryRecords } from "./database.ts";
import {
  PAYMENT_DEPOSIT as DEPOSIT,
  PAYMENT_TOTAL as TOTAL,
  usePaymentFixtures,
} from "./payment-fixtures.ts";

const { session, admin, acceptedQuote, pay, complete, mailWith } = usePaymentFixtures();

const reviewJobs = (leadId: string) =>
  queryRecords<{ kind: string }>("SELECT kind FROM mail_jobs WHERE lead_id = $1 AND kind = 'review'", [
    leadId,
  ]);
const review = async (leadId: string) =>
  (await (await admin("GET", `/api/admin/contact-submissions/${leadId}`)).json()).review ?? null;

test("Job done with money owed asks for no review until the invoice is paid; the settling payment asks once", async () => {
  const quote = await acceptedQuote();
  await pay(quote.id, DEPOSIT);
  expect((await complete(quote.lead.id)).status).toBe(200);
  await mailWith("Invoice");
  expect(await reviewJobs(quote.lead.id)).toEqual([]);
  expect(await review(quote.lead.id)).toBeNull();

  // Part of the balance: still nothing.
  expect((await pay(quote.id, 1000)).status).toBe(201);
  expect(await reviewJobs(quote.lead.id)).toEqual([]);

  // The rest: the invoice is paid, and the review request goes.
  expect((await pay(quote.id, TOTAL - DEPOSIT - 1000)).status).toBe(201);
  expect(await reviewJobs(quote.lead.id)).toEqual([{ kind: "review" }]);
  const request = await mailWith("Would you review our work?");
  expect(request?.envelope.to).toEqual([quote.lead.email]);
  expect(await review(quote.lead.id)).toMatchObject({ state: "sent" });

  // The settling payment voided and recorded again asks nothing more.
  const [last] = await queryRecords<{ receipt_number: string }>(
    "SELECT receipt_number FROM payments ORDER BY receipt_number DESC LIMIT 1",
  );
  const voided = await callApi("POST", `/api/admin/payments/${last!.receipt_number}/void`, {
    cookie: session.cookie,
    body: { reason: "Recorded on the wrong day" },
  });
  expect(voided.status).toBe(201);
  expect((await pay(quote.id, TOTAL - DEPOSIT - 1000)).status).toBe(201);
  expect(await reviewJobs(quote.lead.id)).toEqual([{ kind: "review" }]);
});

test("a job with nothing left to pay is asked for its review at completion", async () => {
  const quote = await acceptedQuote();
  await pay(quote.id, TOTAL);
  expect((await complete(quote.lead.id)).status).toBe(200);
  expect(await reviewJobs(quote.lead.id)).toEqual([{ kind: "review" }]);
  expect(await mailWith("Would you review our work?")).toBeDefined();
});
