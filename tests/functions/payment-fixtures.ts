/**
 * A written quote sent and accepted through the real handlers, and the desk's money calls on it,
 * for the function tests of getting paid (docs/payments.md).
 */
import { expect } from "vitest";
import type { QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { deliverMailJobs } from "../../netlify/lib/mail/mail-jobs.ts";
import type { ProposalBody } from "../../src/lib/proposals/proposal-schema.ts";
import { londonDate } from "../../src/lib/visits/london-time.ts";
import { callApi } from "./api-client.ts";
import { contactedLead } from "./database.ts";
import type { TestSmtp } from "./smtp.ts";

export const PAYMENT_BODY: ProposalBody = {
  lines: [
    { description: "Re-bed and point 12 m of ridge", quantity: 12, unitPrice: 4550, vatRate: 20 },
    { description: "Scaffold tower, one week", quantity: 1, unitPrice: 35000, vatRate: 20 },
    { description: "Energy-saving loft insulation", quantity: 1, unitPrice: 1001, vatRate: 5 },
  ],
  depositPercent: 25,
};
// 896.00 at 20% (VAT 179.20) and 10.01 at 5% (VAT 0.50): 1,085.71 with VAT; 25% deposit 271.43.
export const PAYMENT_TOTAL = 108571;
export const PAYMENT_DEPOSIT = 27143;
// The deposit's VAT: 268.80 of it at 20% holds 44.80; 2.63 at 5% holds 0.13.
export const DEPOSIT_VAT_BANDS = [
  { rate: 20, net: 26880 - 4480, vat: 4480 },
  { rate: 5, net: 263 - 13, vat: 13 },
];

export const todayUk = () => londonDate(Date.now());

/** The desk's money calls as the signed-in owner of `session`, and the e-mails that `smtp` received. */
export function paymentFixtures(session: { cookie: string }, smtp: TestSmtp) {
  const admin = (method: string, path: string, body?: object) =>
    callApi(method, path, { cookie: session.cookie, body });

  /** A lead with a quote sent and accepted, with the property's address. */
  async function acceptedQuote(record: Partial<QuoteRecord> = {}) {
    const owner = await contactedLead({ serviceRequired: "new-installation", ...record });
    const created = await (
      await admin("POST", `/api/admin/contact-submissions/${owner.id}/proposals`, PAYMENT_BODY)
    ).json();
    const sent = await (await admin("POST", `/api/admin/proposals/${created.id}/send`)).json();
    const token = sent.customerUrl.split("/").pop() as string;
    const accepted = await callApi("POST", `/api/proposals/${token}/accept`, {
      body: {
        name: "Siobhán Wiśniewska",
        agree: true,
        startEarly: false,
        propertyAddress: { line1: "7 Station Road", town: "Kippen", postcode: "FK8 3DN" },
      },
    });
    expect(accepted.status).toBe(200);
    return { lead: owner, id: created.id as string, number: sent.number as string, token };
  }

  const pay = (id: string, amount: number, receivedOn = todayUk()) =>
    admin("POST", `/api/admin/proposals/${id}/payments`, { amount, method: "bank", receivedOn });

  const complete = async (leadId: string) => {
    const current = await admin("GET", `/api/admin/contact-submissions/${leadId}`);
    return callApi("PATCH", `/api/admin/contact-submissions/${leadId}`, {
      cookie: session.cookie,
      body: { status: "completed" },
      headers: { "If-Match": current.headers.get("ETag")! },
    });
  };

  /** Sends what is due until an e-mail whose subject starts with `start` has arrived; that e-mail. */
  async function mailWith(start: string) {
    const found = () => smtp.messages.find((m) => (m.parsed.subject ?? "").startsWith(start));
    for (let i = 0; i < 100 && !found(); i++) {
      await deliverMailJobs();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return found();
  }

  return { admin, acceptedQuote, pay, complete, mailWith };
}
