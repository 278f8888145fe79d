/**
 * The address once (docs/pages.md, "The address once"), against real PostgreSQL: the property's
 * address sent with a quote request is checked like the visit page's, kept on the lead, shown to
 * the desk, and given back to the visit page and the quote page to start from; the invoice falls
 * back on it when neither a visit nor the acceptance gave one.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { POSTCODE_MESSAGE } from "../../src/lib/postcode.ts";
import { VISIT_MESSAGES } from "../../src/lib/visits/rules.ts";
import type { ProposalBody } from "../../src/lib/proposals/proposal-schema.ts";
import { useAdminSession } from "./admin-session.ts";
import { callApi, patchLeadWithETag } from "./api-client.ts";
import { clearLimits, clearRecords, queryRecords } from "./database.ts";
import { VALID_FIELDS } from "./quote-fixtures.ts";

const session = useAdminSession();
beforeEach(async () => {
  await clearRecords();
  await clearLimits();
});

const admin = (method: string, path: string, body?: object) =>
  callApi(method, path, { cookie: session.cookie, ...(body ? { body } : {}) });

/** Sends the quote form with these address fields (any left out are not sent). */
async function sendQuote(address: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...VALID_FIELDS, ...address })) form.append(name, value);
  form.append("fillTimeMs", "15000");
  form.append("website", "");
  return callApi("POST", "/api/contact", { body: form });
}

const BODY: ProposalBody = {
  lines: [{ description: "Re-bed and point 12 m of ridge", quantity: 12, unitPrice: 4550, vatRate: 20 }],
  depositPercent: 0,
};

describe("the property's address with a quote request", () => {
  test("is kept on the lead as given, the postcode written the usual way, and the desk reads it", async () => {
    const sent = await sendQuote({ addressLine1: " 7  Station Road ", town: "Kippen", postcode: "fk83dn" });
    expect(sent.status).toBe(201);
    const { id } = await sent.json();
    const lead = await (await admin("GET", `/api/admin/contact-submissions/${id}`)).json();
    expect(lead.address).toEqual({ line1: "7 Station Road", town: "Kippen", postcode: "FK8 3DN" });
    // Without one, the lead has none.
    const other = await (await sendQuote({})).json();
    expect(
      (await (await admin("GET", `/api/admin/contact-submissions/${other.id}`)).json()).address,
    ).toBeNull();
  });

  test("each part is optional, and a part given must hold, with the visit page's messages; nothing is stored then", async () => {
    const onlyPostcode = await sendQuote({ postcode: "FK8 3DN" });
    expect(onlyPostcode.status).toBe(201);
    const { id } = await onlyPostcode.json();
    expect((await (await admin("GET", `/api/admin/contact-submissions/${id}`)).json()).address).toEqual({
      line1: "",
      town: "",
      postcode: "FK8 3DN",
    });
    const refused = await sendQuote({ addressLine1: "7", town: "K", postcode: "FK8" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).fieldErrors).toEqual({
      addressLine1: [VISIT_MESSAGES.addressLine1],
      town: [VISIT_MESSAGES.town],
      postcode: [POSTCODE_MESSAGE],
    });
    const long = await sendQuote({ addressLine1: "x".repeat(101) });
    expect((await long.json()).fieldErrors).toEqual({ addressLine1: [VISIT_MESSAGES.addressLine1Max] });
    expect(await queryRecords("SELECT 1 FROM leads")).toHaveLength(1);
  });

  test("the visit page starts from it until a visit is booked", async () => {
    const { id } = await (
      await sendQuote({ addressLine1: "7 Station Road", town: "Kippen", postcode: "FK8 3DN" })
    ).json();
    const invited = await admin("POST", `/api/admin/contact-submissions/${id}/visit-invitation`);
    expect(invited.status).toBe(201);
    const { url } = await invited.json();
    const token = (url as string).split("/").pop()!;
    const page = await (await callApi("GET", `/api/visits/${token}`)).json();
    expect(page.address).toEqual({ addressLine1: "7 Station Road", town: "Kippen", postcode: "FK8 3DN" });
  });

  test("the quote page starts from it before a decision and names it once accepted; the invoice falls back on it", async () => {
    const { id } = await (
      await sendQuote({ addressLine1: "7 Station Road", town: "Kippen", postcode: "FK8 3DN" })
    ).json();
    const current = await admin("GET", `/api/admin/contact-submissions/${id}`);
    await callApi("PATCH", `/api/admin/contact-submissions/${id}`, {
      cookie: session.cookie,
      body: { status: "contacted" },
      headers: { "If-Match": current.headers.get("ETag")! },
    });
    const created = await (
      await admin("POST", `/api/admin/contact-submissions/${id}/proposals`, BODY)
    ).json();
    const sent = await (await admin("POST", `/api/admin/proposals/${created.id}/send`)).json();
    const token = sent.customerUrl.split("/").pop() as string;
    const view = await (await callApi("GET", `/api/proposals/${token}`)).json();
    const given = { line1: "7 Station Road", town: "Kippen", postcode: "FK8 3DN" };
    expect(view.propertyAddress).toEqual(given);
    // Accepted without an address of its own: the completion's invoice is addressed with the one given.
    const accepted = await callApi("POST", `/api/proposals/${token}/accept`, {
      body: { name: "Morag MacLeod", agree: true, startEarly: false },
    });
    expect(accepted.status).toBe(200);
    // Once accepted the page names the property: the one given with the request, as the PDF does.
    expect((await accepted.json()).propertyAddress).toEqual(given);
    expect((await (await callApi("GET", `/api/proposals/${token}`)).json()).propertyAddress).toEqual(given);
    const completed = await patchLeadWithETag(session.cookie, id, { status: "completed" });
    expect(completed.status).toBe(200);
    const [invoice] = await queryRecords<{ customer_address: object }>(
      "SELECT customer_address FROM invoices",
    );
    expect(invoice!.customer_address).toEqual({
      line1: "7 Station Road",
      town: "Kippen",
      postcode: "FK8 3DN",
    });
  });
});
