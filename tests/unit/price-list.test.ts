/**
 * Quoting from the price list (docs/proposals.md, "The price list"): a picked item becomes a line
 * with its description, price, rate and guarantee, a blank line is what it replaces, and a line's
 * total follows what is typed. The content's own list passes its schema.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import {
  bodyOf,
  emptyDraft,
  emptyLine,
  isBlankLine,
  lineAmount,
  lineFromPriceList,
} from "../../src/islands/admin/desk/proposal-draft.ts";
import { BusinessSchema, PriceListItemSchema } from "../../src/lib/content-schemas.ts";
import { priceListDescription } from "../../src/lib/proposals/price-list.ts";
import { guaranteedWork } from "../../netlify/lib/payments/payments.ts";
import type { DocumentLine } from "../../src/lib/proposals/quote-document.ts";

const scaffold = {
  item: "Scaffold hire",
  unit: "week",
  unitPrice: 45000,
  vatRate: 20,
  guaranteed: false,
} as const;

describe("a line from the price list", () => {
  test("names its unit unless counted in ones", () => {
    expect(priceListDescription({ item: "Rebed ridge tiles", unit: "metre" })).toBe(
      "Rebed ridge tiles (per metre)",
    );
    expect(priceListDescription({ item: "Skip hire", unit: "each" })).toBe("Skip hire");
    expect(priceListDescription({ item: "Skip hire", unit: " Each " })).toBe("Skip hire");
  });

  test("carries the price in pounds as typed, the rate and the guarantee, one of it", () => {
    const line = lineFromPriceList(scaffold);
    expect(line).toMatchObject({
      description: "Scaffold hire (per week)",
      quantity: "1",
      price: "450.00",
      vatRate: 20,
      optional: false,
      guaranteed: false,
    });
    const draft = { ...emptyDraft(), lines: [line] };
    expect(bodyOf(draft).lines[0]).toEqual({
      description: "Scaffold hire (per week)",
      quantity: 1,
      unitPrice: 45000,
      vatRate: 20,
      optional: false,
      guaranteed: false,
    });
  });

  test("takes the place of a line nothing was typed in, and only such a line", () => {
    expect(isBlankLine(emptyLine())).toBe(true);
    expect(isBlankLine({ ...emptyLine(), description: "Lead" })).toBe(false);
    expect(isBlankLine({ ...emptyLine(), price: "10" })).toBe(false);
    expect(isBlankLine({ ...emptyLine(), quantity: "3" })).toBe(false);
  });
});

describe("a line's total as typed", () => {
  test("quantity × price, to the penny, half up", () => {
    expect(lineAmount({ ...emptyLine(), quantity: "12", price: "48" })).toBe(57600);
    expect(lineAmount({ ...emptyLine(), quantity: "2.5", price: "10.01" })).toBe(2503);
    expect(lineAmount({ ...emptyLine(), quantity: "0.33", price: "0.05" })).toBe(2);
  });

  test("none while the quantity or the price cannot be read", () => {
    expect(lineAmount({ ...emptyLine(), quantity: "two", price: "48" })).toBeNull();
    expect(lineAmount({ ...emptyLine(), quantity: "2", price: "" })).toBeNull();
    expect(lineAmount({ ...emptyLine(), quantity: "2", price: "4.555" })).toBeNull();
  });
});

describe("the work a certificate names", () => {
  const line = (description: string, extra: Partial<DocumentLine> = {}): DocumentLine => ({
    description,
    quantity: 1,
    unitPrice: 100,
    vatRate: 20,
    optional: false,
    net: 100,
    ...extra,
  });

  test("the accepted lines the guarantee covers; a line from before the flag counts", () => {
    const lines = [
      line("Slates"),
      line("Scaffold", { guaranteed: false }),
      line("Lead valley", { optional: true, guaranteed: true }),
      line("Gutters", { optional: true }),
      line("Old line", { guaranteed: undefined }),
    ];
    expect(guaranteedWork(lines, [2])).toEqual(["Slates", "Lead valley", "Old line"]);
    expect(guaranteedWork(lines, [])).toEqual(["Slates", "Old line"]);
  });

  test("every accepted line when none is covered", () => {
    expect(
      guaranteedWork([line("Scaffold", { guaranteed: false }), line("Skip", { guaranteed: false })], []),
    ).toEqual(["Scaffold", "Skip"]);
  });
});

describe("the price list in content", () => {
  test("content/business.yaml's list passes the schema, with scaffold and skip hire not guaranteed", () => {
    const details = BusinessSchema.parse(
      (parse(readFileSync("content/business.yaml", "utf8")) as { details: unknown }).details,
    );
    expect(details.priceList.length).toBeGreaterThan(5);
    const unguaranteed = details.priceList.filter((entry) => !entry.guaranteed).map((entry) => entry.item);
    expect(unguaranteed).toEqual(["Scaffold hire", "Skip hire"]);
  });

  test("refuses a price in fractions of a penny, another VAT rate, an empty unit", () => {
    const item = { item: "Replace slates", unit: "each", price: 35 };
    expect(PriceListItemSchema.parse(item)).toEqual({ ...item, vatRate: 20, guaranteed: true });
    expect(PriceListItemSchema.safeParse({ ...item, price: 35.005 }).success).toBe(false);
    expect(PriceListItemSchema.safeParse({ ...item, vatRate: 17.5 }).success).toBe(false);
    expect(PriceListItemSchema.safeParse({ ...item, unit: "" }).success).toBe(false);
    expect(PriceListItemSchema.safeParse({ ...item, price: -1 }).success).toBe(false);
  });
});
