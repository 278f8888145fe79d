/**
 * The rules of getting paid (src/lib/payments/payment-rules.ts, docs/payments.md): a payment's VAT
 * share to the penny, calendar days that no time zone shifts, a guarantee's last day across leap
 * years, and 09:00 UK time on either side of the clock changes.
 */
import { describe, expect, test } from "vitest";
import { guaranteeEnd, paymentVat } from "../../src/lib/payments/payment-rules.ts";
import { addDays, isCalendarDate } from "../../src/lib/visits/london-time.ts";
import { ukMorning } from "../../netlify/lib/payments/payments.ts";

describe("the VAT a payment holds", () => {
  // Worked by hand: each rate's part of the payment (its share of the total with VAT, half up),
  // then the VAT inside that part (rate / (100 + rate), half up).
  test.each([
    // One rate: 25% of £1,200.00 with VAT (£1,000 + £200) is £300.00 holding £50.00.
    { amount: 30000, bands: [{ rate: 20, net: 100000, vat: 20000 }], total: 120000, vat: 5000 },
    // The whole amount holds the whole VAT.
    { amount: 120000, bands: [{ rate: 20, net: 100000, vat: 20000 }], total: 120000, vat: 20000 },
    // Two rates: £271.43 of £1,085.71 → £268.80 at 20% (VAT £44.80) and £2.63 at 5% (12.52p → 13p).
    {
      amount: 27143,
      bands: [
        { rate: 20, net: 89600, vat: 17920 },
        { rate: 5, net: 1001, vat: 50 },
      ],
      total: 108571,
      vat: 4493,
    },
    // A half penny rounds up: £0.07 at 20% holds 1.1667p → 1p; £0.09 holds 1.5p → 2p.
    { amount: 7, bands: [{ rate: 20, net: 100, vat: 20 }], total: 120, vat: 1 },
    { amount: 9, bands: [{ rate: 20, net: 100, vat: 20 }], total: 120, vat: 2 },
    // Zero-rated work holds no VAT.
    { amount: 5000, bands: [{ rate: 0, net: 10000, vat: 0 }], total: 10000, vat: 0 },
  ])("$amount pence of $total holds $vat pence of VAT", ({ amount, bands, total, vat }) => {
    const share = paymentVat(amount, bands as never, total);
    expect(share.vat).toBe(vat);
    expect(share.net).toBe(amount - vat);
  });
});

describe("calendar days", () => {
  test("add days across months, years and the clock changes without moving a day", () => {
    expect(addDays("2026-11-25", 7)).toBe("2026-12-02");
    expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
    expect(addDays("2027-03-25", 7)).toBe("2027-04-01");
    expect(addDays("2027-10-28", 7)).toBe("2027-11-04");
    expect(addDays("2026-12-26", -30)).toBe("2026-11-26");
  });

  test("a guarantee runs to the same day years later; 29 February ends on 28 February", () => {
    expect(guaranteeEnd("2026-11-25", 10)).toBe("2036-11-25");
    expect(guaranteeEnd("2028-02-29", 5)).toBe("2033-02-28");
    expect(guaranteeEnd("2028-02-29", 4)).toBe("2032-02-29");
  });

  test("only real dates are calendar days", () => {
    expect(["2026-11-25", "2028-02-29"].map(isCalendarDate)).toEqual([true, true]);
    expect(["2026-02-29", "2026-13-01", "26-11-25", "2026-11-25T00:00"].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  test("reminders go at 09:00 UK time, in winter and in summer and on the days the clocks change", () => {
    expect(new Date(ukMorning("2026-12-10")).toISOString()).toBe("2026-12-10T09:00:00.000Z");
    expect(new Date(ukMorning("2027-07-01")).toISOString()).toBe("2027-07-01T08:00:00.000Z");
    expect(new Date(ukMorning("2027-03-28")).toISOString()).toBe("2027-03-28T08:00:00.000Z");
    expect(new Date(ukMorning("2027-10-31")).toISOString()).toBe("2027-10-31T09:00:00.000Z");
  });
});
