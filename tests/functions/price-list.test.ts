/**
 * The price list and the guaranteed work (docs/proposals.md, "The price list"; docs/payments.md,
 * "The guarantee register"): the desk reads the owner's prices from content through an admin
 * route, a quote's lines carry whether the guarantee covers them, and the certificate names only
 * those. Against PostgreSQL and the real handlers.
 */
import { beforeEach, describe, expect, test } from "vitest";
import { businessDetails } from "../../netlify/lib/business.ts";
import type { PriceListEntry } from "../../src/lib/proposals/price-list.ts";
import type { ProposalBody } from "../../src/lib/proposals/proposal-schema.ts";
import { useAdminSession } from "./admin-session.ts";
import { callApi } from "./api-client.ts";
import { clearLimits, clearRecords, contactedLead } from "./database.ts";

const session = useAdminSession();

// No mail server: the quote's, the invoice's and the certificate's e-mails stay queued, unsent.
beforeEach(async () => {
  delete process.env.SMTP_URL;
  await clearRecords();
  await clearLimits();
});

const admin = (method: string, path: string, body?: object) =>
  callApi(method, path, { cookie: session.cookie, body });

describe("GET /api/admin/price-list", () => {
  test("signed in: the content's items, prices in pence without VAT, the rate and the guarantee defaulted", async () => {
    const response = await admin("GET", "/api/admin/price-list");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
    const { items } = (await response.json()) as { items: PriceListEntry[] };
    const content = (await businessDetails()).priceList;
    expect(content.length).toBeGreaterThan(5);
    expect(items).toEqual(
      content.map((entry) => ({
        item: entry.item,
        unit: entry.unit,
        unitPrice: Math.round(entry.price * 100),
        vatRate: entry.vatRate ?? 20,
        guaranteed: entry.guaranteed ?? true,
      })),
    );
    expect(items.find((entry) => entry.item === "Scaffold hire")).toEqual({
      item: "Scaffold hire",
      unit: "week",
      unitPrice: 45000,
      vatRate: 20,
      guaranteed: false,
    });
    expect(items.find((entry) => entry.item.startsWith("Loft insulation"))).toMatchObject({ vatRate: 0 });
  });

  test("not signed in: 401 and no prices", async () => {
    const response = await callApi("GET", "/api/admin/price-list");
    expect(response.status).toBe(401);
    expect(await response.text()).not.toMatch(/Scaffold/);
  });
});

/** A lead with a quote of `lines` sent, accepted and the job completed: the certificate's check. */
async function completedWith(
  lines: ProposalBody["lines"],
  serviceRequired = "roof-repairs",
  beforeCompleting: () => void = () => {},
  completion: object = {},
) {
  const lead = await contactedLead({ serviceRequired });
  const created = await admin("POST", `/api/admin/contact-submissions/${lead.id}/proposals`, {
    lines,
    depositPercent: 0,
  });
  expect(created.status).toBe(201);
  const proposal = await created.json();
  const sent = await (await admin("POST", `/api/admin/proposals/${proposal.id}/send`)).json();
  const token = (sent.customerUrl as string).split("/").pop()!;
  const accepted = await callApi("POST", `/api/proposals/${token}/accept`, {
    body: {
      name: "Morag Dunlop",
      agree: true,
      startEarly: false,
      options: [],
      propertyAddress: { line1: "3 Kirk Wynd", town: "Kippen", postcode: "FK8 3DN" },
    },
  });
  expect(accepted.status).toBe(200);
  const page = (await (await callApi("GET", `/api/proposals/${token}`)).json()) as {
    terms: { guarantees: { work: string; years: number }[] };
  };
  beforeCompleting();
  const current = await admin("GET", `/api/admin/contact-submissions/${lead.id}`);
  const completed = await callApi("PATCH", `/api/admin/contact-submissions/${lead.id}`, {
    cookie: session.cookie,
    body: { status: "completed", ...completion },
    headers: { "If-Match": current.headers.get("ETag")! },
  });
  expect(completed.status).toBe(200);
  const { guarantee } = (await completed.json()) as { guarantee: { number: string } };
  const check = await callApi(
    "GET",
    `/api/guarantees/check?number=${encodeURIComponent(guarantee.number)}&postcode=FK83DN`,
  );
  expect(check.status).toBe(200);
  return { proposal, page, check: (await check.json()) as { work: string; validUntil: string } };
}

describe("the guaranteed work", () => {
  test("a line marked not guaranteed is kept by the quote and left off the certificate", async () => {
    const { proposal, check } = await completedWith([
      {
        description: "Rebed and repoint ridge tiles (per metre)",
        quantity: 12,
        unitPrice: 4800,
        vatRate: 20,
      },
      {
        description: "Scaffold hire (per week)",
        quantity: 1,
        unitPrice: 45000,
        vatRate: 20,
        guaranteed: false,
      },
      { description: "Skip hire", quantity: 1, unitPrice: 28000, vatRate: 20, guaranteed: false },
    ]);
    expect(proposal.lines.map((line: { guaranteed: boolean }) => line.guaranteed)).toEqual([
      true,
      false,
      false,
    ]);
    expect(check.work).toBe("Repairs: Rebed and repoint ridge tiles (per metre)");
  });

  test("a quote with no guaranteed line still names its work", async () => {
    const { check } = await completedWith([
      {
        description: "Scaffold hire (per week)",
        quantity: 2,
        unitPrice: 45000,
        vatRate: 20,
        guaranteed: false,
      },
    ]);
    expect(check.work).toBe("Repairs: Scaffold hire (per week)");
  });

  test("a roughcast is not a repair: the quote states the Roughcasting term of content alone, the certificate has it", async () => {
    const { page, check } = await completedWith(
      [{ description: "Roughcast walls (per m²)", quantity: 120, unitPrice: 5500, vatRate: 20 }],
      "roughcasting",
    );
    expect(check.work).toBe("Roughcasting: Roughcast walls (per m²)");
    expect(page.terms.guarantees).toEqual([{ work: "Roughcasting", years: 10 }]);
    const years = (await businessDetails()).quoteTerms.guarantees.find(
      (term) => term.work === "Roughcasting",
    )?.years;
    expect(years).toBe(10);
  });

  test("the certificate keeps the term the accepted quote stated, though content changed since", async () => {
    const terms = (await businessDetails()).quoteTerms.guarantees;
    const repairs = terms[0]!;
    try {
      const { page, check } = await completedWith(
        [{ description: "Replace broken or slipped slates", quantity: 6, unitPrice: 3500, vatRate: 20 }],
        "roof-repairs",
        () => {
          repairs.years = 2; // the owner shortens the term after this quote was accepted
        },
      );
      expect(page.terms.guarantees).toEqual([{ work: "Repairs", years: 5 }]);
      const completedOn = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" });
      // Five years on (29 February ends on 28 February): the year is what tells the terms apart.
      expect(Number(check.validUntil.slice(0, 4)) - Number(completedOn.slice(0, 4))).toBe(5);
    } finally {
      repairs.years = 5;
    }
  });
});

describe("Job done's term", () => {
  const SLATES = [
    { description: "Replace broken or slipped slates", quantity: 6, unitPrice: 3500, vatRate: 20 as const },
  ];
  const years = (check: { validUntil: string }) =>
    Number(check.validUntil.slice(0, 4)) -
    Number(new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" }).slice(0, 4));

  test("the owner's years replace the stated term's on the certificate; the work's name stays", async () => {
    const { check } = await completedWith(SLATES, "roof-repairs", () => {}, { guaranteeYears: 12 });
    expect(years(check)).toBe(12);
    expect(check.work).toBe("Repairs: Replace broken or slipped slates");
  });

  test("0, 51, 2.5 or years without completing: 400 in the desk's words, and nothing is issued", async () => {
    const lead = await contactedLead();
    for (const body of [
      { status: "completed", guaranteeYears: 0 },
      { status: "completed", guaranteeYears: 51 },
      { status: "completed", guaranteeYears: 2.5 },
      { status: "completed", guaranteeYears: "10" },
    ]) {
      const response = await admin("PATCH", `/api/admin/contact-submissions/${lead.id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({
        error: "The guarantee is 1 to 50 whole years",
        fieldErrors: { guaranteeYears: ["The guarantee is 1 to 50 whole years"] },
      });
    }
    const alone = await admin("PATCH", `/api/admin/contact-submissions/${lead.id}`, { guaranteeYears: 10 });
    expect(alone.status).toBe(400);
    const after = await (await admin("GET", `/api/admin/contact-submissions/${lead.id}`)).json();
    expect(after.status).not.toBe("completed");
  });
});
