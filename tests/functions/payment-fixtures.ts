/**
 * A written quote sent and accepted through the real handlers, and the desk's money calls on it,
 * for the function tests of getting paid (docs/payments.md).
 */
import { beforeEach, expect } from "vitest";
import type { QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { deliverMailJobs } from "../../netlify/lib/mail/mail-jobs.ts";
import type { ProposalBody } from "../../src/lib/proposals/proposal-schema.ts";
import { londonDate } from "../../src/lib/visits/london-time.ts";
import { callApi, patchLeadWithETag } from "./api-client.ts";
import { useAdminSession } from "./admin-session.ts";
import { clearLimits, clearRecords, contactedLead } from "./database.ts";
import { useSmtp } from "./smtp.ts";

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

/** The property's address as the customer types it when accepting (the postcode is normalised). */
export const PAYMENT_ADDRESS = { line1: "7 Station Road", town: "Kippen", postcode: "fk8 3dn" };

/**
 * Runs a burst of calls with e-mail held back, as in the tests of numbers issued at once: here every
 * call shares one process, and a PDF drawn for one call's e-mail would hold up the transactions of
 * the others, which deployed each have an instance of their own. The e-mails stay queued.
 */
export async function heldBack<T>(burst: () => Promise<T>): Promise<T> {
  const smtpUrl = process.env.SMTP_URL;
  delete process.env.SMTP_URL;
  try {
    return await burst();
  } finally {
    process.env.SMTP_URL = smtpUrl;
  }
}

/**
 * The desk's money calls as the signed-in owner, and the e-mails received; each test starts with no
 * records, no limits spent and a fresh SMTP server.
 */
export function usePaymentFixtures() {
  const session = useAdminSession();
  const smtp = useSmtp();
  beforeEach(async () => {
    await clearRecords();
    await clearLimits();
  });
  const admin = (method: string, path: string, body?: object) =>
    callApi(method, path, { cookie: session.cookie, body });

  /** A quote written for the lead and sent: the draft as created, its number and the customer's token. */
  async function sentQuote(leadId: string, body: ProposalBody = PAYMENT_BODY) {
    const draft = await (
      await admin("POST", `/api/admin/contact-submissions/${leadId}/proposals`, body)
    ).json();
    const sent = await (await admin("POST", `/api/admin/proposals/${draft.id}/send`)).json();
    const token = sent.customerUrl.split("/").pop() as string;
    return { draft, id: draft.id as string, number: sent.number as string, token };
  }

  /** The customer accepts the quote of `token`, with the property's address unless `address` is false. */
  async function accept(token: string, options: { address?: boolean; startEarly?: boolean } = {}) {
    const accepted = await callApi("POST", `/api/proposals/${token}/accept`, {
      body: {
        name: "Siobhán Wiśniewska",
        agree: true,
        startEarly: options.startEarly ?? false,
        ...(options.address === false ? {} : { propertyAddress: PAYMENT_ADDRESS }),
      },
    });
    expect(accepted.status).toBe(200);
    return accepted.json();
  }

  /** A lead with a quote sent and accepted; what the customer's acceptance answered. */
  async function acceptedQuote(
    options: {
      record?: Partial<QuoteRecord>;
      address?: boolean;
      startEarly?: boolean;
    } = {},
  ) {
    const lead = await contactedLead({ serviceRequired: "new-installation", ...options.record });
    const quote = await sentQuote(lead.id);
    return { lead, ...quote, accepted: await accept(quote.token, options) };
  }

  const pay = (id: string, amount: number, receivedOn = todayUk()) =>
    admin("POST", `/api/admin/proposals/${id}/payments`, { amount, method: "bank", receivedOn });

  /** PATCH the lead as the desk does, with the ETag it last read. */
  const patchLead = (leadId: string, body: object) => patchLeadWithETag(session.cookie, leadId, body);

  const complete = (leadId: string, extra: object = {}) =>
    patchLead(leadId, { status: "completed", ...extra });

  /** Sends what is due until an e-mail whose subject starts with `start` has arrived; that e-mail. */
  async function mailWith(start: string) {
    const found = () => smtp.messages.find((m) => (m.parsed.subject ?? "").startsWith(start));
    for (let i = 0; i < 100 && !found(); i++) {
      await deliverMailJobs();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return found();
  }

  return { session, smtp, admin, sentQuote, accept, acceptedQuote, pay, patchLead, complete, mailWith };
}
