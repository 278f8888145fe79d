/**
 * The rules of getting paid (src/lib/payments/payment-rules.ts, docs/payments.md): a payment's VAT
 * share to the penny, calendar days that no time zone shifts, a guarantee's last day across leap
 * years, and 09:00 UK time on either side of the clock changes.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { divideHalfUp, type VatBand } from "../../src/lib/proposals/money.ts";
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

describe("the VAT by rate on a receipt", () => {
  const band = fc
    .record({ rate: fc.constantFrom(0, 5, 20), net: fc.integer({ min: 1, max: 5_000_000 }) })
    .map(({ rate, net }) => ({ rate, net, vat: divideHalfUp(net * rate, 100) }));
  const job = fc.uniqueArray(band, { minLength: 1, maxLength: 3, selector: (b) => b.rate });

  test("adds up exactly to the payment, each rate's part within a penny of its share", () => {
    fc.assert(
      fc.property(job, fc.double({ min: 0, max: 1, noNaN: true }), (bands, fraction) => {
        const total = bands.reduce((sum, b) => sum + b.net + b.vat, 0);
        const amount = Math.max(1, Math.round(total * fraction));
        const share = paymentVat(amount, bands, total);
        const parts = share.bands.map((b) => b.net + b.vat);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(amount);
        bands.forEach((b, i) => {
          expect(Math.abs(parts[i]! - (amount * (b.net + b.vat)) / total)).toBeLessThan(1);
          expect(share.bands[i]!.vat).toBe(divideHalfUp(parts[i]! * b.rate, 100 + b.rate));
        });
        expect(share.vat).toBe(share.bands.reduce((sum, b) => sum + b.vat, 0));
      }),
      { numRuns: 5000 },
    );
  });

  test("the whole job's total holds the whole job's VAT, rate by rate", () => {
    fc.assert(
      fc.property(job, (bands) => {
        const total = bands.reduce((sum, b) => sum + b.net + b.vat, 0);
        expect(paymentVat(total, bands, total).bands.map((b) => b.net + b.vat)).toEqual(
          bands.map((b) => b.net + b.vat),
        );
      }),
      { numRuns: 2000 },
    );
  });

  test("a two-rate payment whose parts rounded half up came to a penny more now adds up", () => {
    // Half of a £9.90 job at 20 % (£4.51 + £0.90 = £5.41) and at 5 % (£4.28 + £0.21 = £4.49):
    // the exact parts are 270.5p and 224.5p, which half up made 496p of a 495p payment.
    const bands: VatBand[] = [
      { rate: 20, net: 451, vat: 90 },
      { rate: 5, net: 428, vat: 21 },
    ];
    const share = paymentVat(495, bands, 990);
    expect(share.bands.map((b) => b.net + b.vat)).toEqual([271, 224]);
    expect(share.bands.map((b) => b.vat)).toEqual([45, 11]);
    expect(share.vat).toBe(56);
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
