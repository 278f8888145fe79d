/**
 * The written quote in plain words (src/lib/proposals/quote-words.ts), the same on the customer's
 * page and in the PDF: each optional extra's own price and the total with them to the penny, from
 * the one money module; the deposit, the balance, the bank details; "You can cancel until {date}"
 * with the last day of the 14 days counted from acceptance, UK time; nothing of it for a trade
 * customer, who has no consumer right to cancel; the property's address on one line, only when
 * whole.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { totalsOf, type VatRate } from "../../src/lib/proposals/money";
import {
  TRADE_CANCELLATION_TEXT,
  type DocumentLine,
  type QuoteView,
} from "../../src/lib/proposals/quote-document";
import {
  balanceWords,
  bankWords,
  cancelWords,
  depositWords,
  extrasOf,
  figuresOf,
  propertyWords,
  totalWithExtras,
  tradeCancellationText,
} from "../../src/lib/proposals/quote-words";

const line = (unitPrice: number, vatRate: VatRate, optional = false, quantity = 1): DocumentLine => ({
  description: `Line at ${unitPrice}`,
  quantity,
  unitPrice,
  vatRate,
  optional,
  net: Math.round(quantity * unitPrice),
});

function viewOf(lines: DocumentLine[], overrides: Partial<QuoteView> = {}): QuoteView {
  const totals = totalsOf(lines);
  return {
    number: "Q-ABC123-1",
    issuedAt: "2026-11-27T10:00:00.000Z",
    validUntil: "2026-12-27T23:59:59.999Z",
    business: {
      name: "Glenbrae Roofing & Roughcasting",
      address: "4 Main Street, Kippen",
      registeredAddress: null,
      phone: "07700 900412",
      email: "info@example.co.uk",
      vatNumber: "GB 123 4567 89",
    },
    customer: { name: "Ailsa Brown" },
    bank: { accountName: "Glenbrae Roofing", sortCode: "12-34-56", accountNumber: "12345678" },
    lines,
    vatBands: [],
    totals,
    depositPercent: 25,
    deposit: 0,
    startWindow: null,
    notes: null,
    terms: {
      payment: "",
      guarantees: [{ work: "Repairs", years: 5 }],
      guaranteeConditions: "",
      complaints: "",
      cancellationNotice: "",
      cancellationForm: "",
    },
    status: "viewed",
    documentHash: null,
    decision: null,
    ...overrides,
  };
}

// The work: £3,654.58 at 20% and £650.00 at 5%; the extras: £385.00 at 20% and £12.00 at 0%.
const LINES = [line(8599, 20, false, 42.5), line(65000, 5), line(38500, 20, true), line(1200, 0, true)];
const NOW = Date.parse("2026-12-01T12:00:00Z");

describe("the optional extras apart", () => {
  test("each with what it adds to the total, and the total with all of them, to the penny", () => {
    const view = viewOf(LINES);
    // Without extras: 3,654.58 + 730.92 + 650.00 + 32.50 = 5,068.00.
    expect(figuresOf(view, []).payable).toBe(506800);
    // The £385 extra adds its VAT of £77.00: £462.00; the zero-rated £12 adds £12.00.
    expect(extrasOf(view)).toEqual([
      { index: 2, adds: 46200 },
      { index: 3, adds: 1200 },
    ]);
    expect(totalWithExtras(view)).toBe(506800 + 46200 + 1200);
  });

  test("what an extra adds is the difference of the totals, VAT rounded on the rate's sum", () => {
    // 3p at 20% carries 1p of VAT (0.6 up); 6p carries 1p (1.2 down): the extra adds 3p, not 4p.
    const view = viewOf([line(3, 20), line(3, 20, true)]);
    expect(extrasOf(view)).toEqual([{ index: 1, adds: 3 }]);
    expect(totalWithExtras(view)).toBe(7);
  });

  test("a trade customer's extras add their price without VAT", () => {
    const view = viewOf(LINES, { tradeCustomer: { vatNumber: "GB123456789" } });
    expect(extrasOf(view)).toEqual([
      { index: 2, adds: 38500 },
      { index: 3, adds: 1200 },
    ]);
    expect(totalWithExtras(view)).toBe(365458 + 65000 + 38500 + 1200);
  });

  test("for any lines, the total with every extra is the money module's, and deposit + balance is it", () => {
    const arbitraryLine = fc.record({
      unitPrice: fc.integer({ min: 1, max: 5_000_00 }),
      vatRate: fc.constantFrom<VatRate>(20, 5, 0),
      optional: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 5000 }).map((hundredths) => hundredths / 100),
    });
    fc.assert(
      fc.property(fc.array(arbitraryLine, { minLength: 1, maxLength: 8 }), fc.boolean(), (specs, trade) => {
        const lines = specs.map((spec) => line(spec.unitPrice, spec.vatRate, spec.optional, spec.quantity));
        const view = viewOf(lines, trade ? { tradeCustomer: { vatNumber: "GB123456789" } } : {});
        const all = lines.flatMap((l, index) => (l.optional ? [index] : []));
        const totals = totalsOf(lines, all);
        expect(totalWithExtras(view)).toBe(trade ? totals.net : totals.total);
        const figures = figuresOf(view, all);
        expect(figures.deposit + figures.balance).toBe(figures.payable);
      }),
    );
  });
});

describe("the deposit, the balance and the bank details in plain words", () => {
  test("before acceptance, with the extras ticked", () => {
    const view = viewOf(LINES);
    const figures = figuresOf(view, [2]);
    // 5,530.00 with the £385 extra; 25% is 1,382.50.
    expect(depositWords(view, figures)).toBe(
      "The deposit, £1,382.50 (25% of the total), is due when you accept.",
    );
    expect(balanceWords(figures)).toBe(
      "The balance, £4,147.50, is due within 7 days of the work being completed: we send the invoice for it then.",
    );
    expect(bankWords(view)).toBe(
      "Pay by bank transfer to Glenbrae Roofing, sort code 12-34-56, account number 12345678, with Q-ABC123-1 as the reference.",
    );
  });

  test("once accepted, the figures recorded then", () => {
    const view = viewOf(LINES, {
      status: "accepted",
      decision: {
        kind: "accepted",
        at: "2026-11-30T10:00:00Z",
        options: [3],
        totals: totalsOf(LINES, [3]),
        deposit: 127000,
        cancellableUntil: "2026-12-14T23:59:59.999Z",
      },
    });
    const figures = figuresOf(view, []);
    expect(figures.payable).toBe(508000);
    expect(depositWords(view, figures)).toBe(
      "The deposit, £1,270.00 (25% of the total), was due when you accepted.",
    );
    expect(figures.balance).toBe(381000);
  });

  test("no deposit, and no bank details on a quote sent before they were carried", () => {
    const view = viewOf(LINES, { depositPercent: 0, bank: undefined });
    expect(depositWords(view, figuresOf(view, []))).toBe(
      "No deposit: you pay the whole price when the work is done.",
    );
    expect(bankWords(view)).toBeNull();
  });
});

describe("until when the customer can cancel", () => {
  const accepted = (cancellableUntil: string, overrides: Partial<QuoteView> = {}) =>
    viewOf(LINES, {
      status: "accepted",
      decision: { kind: "accepted", at: "2026-11-30T10:00:00Z", cancellableUntil },
      ...overrides,
    });

  test("before acceptance: how it is counted", () => {
    expect(cancelWords(viewOf(LINES), NOW)).toBe(
      "You can cancel within 14 days of accepting, without giving a reason.",
    );
  });

  test("once accepted: the period's last day, UK time", () => {
    // Accepted 30 November: the 14 days end at the end of 14 December (UK time).
    expect(cancelWords(accepted("2026-12-14T23:59:59.999Z"), NOW)).toBe(
      "You can cancel until 14 December 2026.",
    );
    // Ending at a UK midnight in summer time (23:59:59 BST is 22:59:59 UTC): still that UK day.
    expect(cancelWords(accepted("2027-06-14T22:59:59.999Z"), Date.parse("2027-06-01T12:00:00Z"))).toBe(
      "You can cancel until 14 June 2027.",
    );
  });

  test("nothing once the period is over, the work is complete, or it was cancelled or declined", () => {
    expect(cancelWords(accepted("2026-11-30T23:59:59.999Z"), NOW)).toBeNull();
    expect(cancelWords(accepted("2026-12-14T23:59:59.999Z"), NOW, true)).toBeNull();
    expect(cancelWords(viewOf(LINES, { status: "cancelled" }), NOW)).toBeNull();
    expect(cancelWords(viewOf(LINES, { status: "declined" }), NOW)).toBeNull();
  });

  test("a trade customer has no consumer right to cancel: their terms instead", () => {
    const trade = { tradeCustomer: { vatNumber: "GB123456789" } };
    expect(cancelWords(viewOf(LINES, trade), NOW)).toBeNull();
    expect(cancelWords(accepted("2026-12-14T23:59:59.999Z", trade), NOW)).toBeNull();
    expect(tradeCancellationText(viewOf(LINES, trade))).toBe(TRADE_CANCELLATION_TEXT);
    const own = viewOf(LINES, {
      terms: { ...viewOf(LINES).terms, tradeCancellation: "Our own words for trade." },
    });
    expect(tradeCancellationText(own)).toBe("Our own words for trade.");
  });
});

describe("the property's address", () => {
  test("on one line, as the page and the PDF name it", () => {
    expect(propertyWords({ line1: "12 High Street", town: "Stirling", postcode: "FK8 1AA" })).toBe(
      "12 High Street, Stirling FK8 1AA",
    );
    expect(propertyWords({ line1: " 3 Brae Road ", town: "Kippen ", postcode: " FK8 3DN" })).toBe(
      "3 Brae Road, Kippen FK8 3DN",
    );
  });

  test("nothing unless the first line, the town and the postcode are all known", () => {
    expect(propertyWords(null)).toBeNull();
    expect(propertyWords(undefined)).toBeNull();
    expect(propertyWords({ line1: "12 High Street", town: "Stirling", postcode: "" })).toBeNull();
    expect(propertyWords({ line1: "", town: "Stirling", postcode: "FK8 1AA" })).toBeNull();
    expect(propertyWords({ line1: "12 High Street", town: " ", postcode: "FK8 1AA" })).toBeNull();
  });
});
