/** The money of written quotes (src/lib/proposals/money.ts): pence, VAT per rate, deposits, pounds. */
import { describe, expect, test } from "vitest";
import {
  depositOf,
  divideHalfUp,
  formatPounds,
  lineNet,
  penceFromPounds,
  totalsOf,
  vatBands,
  wholePounds,
  type MoneyLine,
} from "../../src/lib/proposals/money";
import { ProposalBodySchema, DEPOSIT_MESSAGE } from "../../src/lib/proposals/proposal-schema";

const line = (quantity: number, unitPrice: number, vatRate: 0 | 5 | 20, optional = false): MoneyLine => ({
  quantity,
  unitPrice,
  vatRate,
  optional,
});

describe("rounding half up", () => {
  test.each([
    [5, 10, 1], // 0.5 → 1
    [4, 10, 0],
    [15, 10, 2], // 1.5 → 2
    [25, 10, 3], // 2.5 → 3 (not banker's 2)
    [249, 100, 2],
    [250, 100, 3],
    [0, 100, 0],
  ])("%i / %i → %i", (n, d, expected) => expect(divideHalfUp(n, d)).toBe(expected));
});

describe("a line's price", () => {
  test.each([
    [1, 1000, 1000],
    [2.5, 1999, 4998], // 4997.5 → 4998
    [0.33, 101, 33], // 33.33 → 33
    [0.5, 1, 1], // half a penny → 1
    [1.15, 100, 115], // 1.15 is not exact in binary: hundredths keep it right
    [12.25, 3333, 40829], // 40829.25 → 40829
  ])("%d × %i p = %i p", (quantity, unitPrice, expected) =>
    expect(lineNet({ quantity, unitPrice })).toBe(expected),
  );
});

describe("totals: VAT per rate on the sum of that rate's lines", () => {
  test.each<[string, MoneyLine[], number[], { net: number; vat: number; total: number }]>([
    ["one line at 20%", [line(1, 100000, 20)], [], { net: 100000, vat: 20000, total: 120000 }],
    // 3 × 2.5p lines at 20%: per line VAT would be 0.5 → 1 each (3p); on the sum 7.5p → 2p (1.5 → 2).
    [
      "VAT on the sum, not per line",
      [line(1, 3, 20), line(1, 3, 20), line(1, 3, 20)],
      [],
      { net: 9, vat: 2, total: 11 },
    ],
    // 10p at 5% = 0.5p → 1p (half up)
    ["half a penny of VAT rounds up", [line(1, 10, 5)], [], { net: 10, vat: 1, total: 11 }],
    // 9p at 5% = 0.45p → 0p
    ["under half a penny rounds down", [line(1, 9, 5)], [], { net: 9, vat: 0, total: 9 }],
    [
      "mixed rates",
      [line(1, 1001, 20), line(1, 1001, 5), line(1, 5000, 0)],
      [],
      { net: 7002, vat: 200 + 50, total: 7252 },
    ],
    [
      "optional lines left out",
      [line(1, 10000, 20), line(1, 5000, 20, true)],
      [],
      { net: 10000, vat: 2000, total: 12000 },
    ],
    [
      "optional lines counted when chosen",
      [line(1, 10000, 20), line(1, 5000, 20, true)],
      [1],
      { net: 15000, vat: 3000, total: 18000 },
    ],
  ])("%s", (_name, lines, chosen, expected) => expect(totalsOf(lines, chosen)).toEqual(expected));

  test("bands by rate, highest first, only rates with lines", () => {
    expect(vatBands([line(1, 100, 0), line(2, 100, 20)])).toEqual([
      { rate: 20, net: 200, vat: 40 },
      { rate: 0, net: 100, vat: 0 },
    ]);
  });
});

describe("deposit and pounds", () => {
  test.each([
    [120000, 25, 30000],
    [1, 25, 0], // 0.25p → 0
    [2, 25, 1], // 0.5p → 1
    [12345, 10, 1235], // 1234.5 → 1235
    [999999, 0, 0],
  ])("%i p × %i%% = %i p", (total, percent, expected) => expect(depositOf(total, percent)).toBe(expected));

  test.each([
    [0, "£0.00"],
    [5, "£0.05"],
    [123456, "£1,234.56"],
    [50000000, "£500,000.00"],
  ])("%i p reads %s", (pence, text) => expect(formatPounds(pence)).toBe(text));

  test.each([
    [123449, 1234],
    [123450, 1235],
  ])("%i p is £%i whole", (pence, pounds) => expect(wholePounds(pence)).toBe(pounds));

  test.each([
    ["12.50", 1250],
    ["£1,200", 120000],
    ["0.5", 50],
    ["3.999", null],
    ["-1", null],
    ["abc", null],
  ])("%s typed → %s pence", (text, pence) => expect(penceFromPounds(text)).toBe(pence));
});

describe("the quote's body", () => {
  const body = {
    lines: [{ description: "Ridge", quantity: 1, unitPrice: 100, vatRate: 20 }],
    depositPercent: 25,
  };
  test("a deposit of 25% is the most", () => {
    expect(ProposalBodySchema.safeParse(body).success).toBe(true);
    const refused = ProposalBodySchema.safeParse({ ...body, depositPercent: 26 });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["depositPercent", DEPOSIT_MESSAGE],
    ]);
  });
  test.each([
    ["no lines", { ...body, lines: [] }],
    ["VAT 17.5", { ...body, lines: [{ ...body.lines[0], vatRate: 17.5 }] }],
    ["pounds with pence as decimals", { ...body, lines: [{ ...body.lines[0], unitPrice: 1.5 }] }],
    ["51 lines", { ...body, lines: Array.from({ length: 51 }, () => body.lines[0]) }],
    ["over £500,000", { ...body, lines: [{ ...body.lines[0], quantity: 10, unitPrice: 5_000_000 }] }],
  ])("refused: %s", (_name, input) => expect(ProposalBodySchema.safeParse(input).success).toBe(false));
});
