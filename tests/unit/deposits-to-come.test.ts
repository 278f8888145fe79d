/**
 * Today's deposits to come (src/islands/admin/desk/use-money.ts): the Money panel's deposits asked
 * for and not yet paid, the latest asked first; invoices, and deposits of erased leads (no lead to
 * open), are left to the Money panel.
 */
import { expect, it } from "vitest";
import type { MoneyItem, MoneySummary } from "../../src/lib/payments/payments-api.ts";
import { depositsToCome } from "../../src/islands/admin/desk/use-money.ts";

const item = (number: string, kind: MoneyItem["kind"], since: string, leadId: string | null): MoneyItem => ({
  kind,
  number,
  proposalId: `p-${number}`,
  leadId,
  customer: `Customer ${number}`,
  amount: 22500,
  since,
  dueOn: null,
  overdue: false,
});

it("lists the deposits with a lead to open, the latest asked first", () => {
  const money = {
    requested: {
      amount: 0,
      items: [
        item("Q-1", "deposit", "2026-11-20T09:00:00.000Z", "lead-1"),
        item("INV-1", "invoice", "2026-11-26T09:00:00.000Z", "lead-2"),
        item("Q-2", "deposit", "2026-11-25T09:00:00.000Z", "lead-3"),
        item("Q-3", "deposit", "2026-11-26T10:00:00.000Z", null),
        item("Q-4", "deposit", "2026-11-22T09:00:00.000Z", "lead-4"),
      ],
    },
  } as MoneySummary;
  expect(depositsToCome(money).map((deposit) => deposit.number)).toEqual(["Q-2", "Q-4", "Q-1"]);
  // The Money panel keeps its own order.
  expect(money.requested.items.map((entry) => entry.number)).toEqual(["Q-1", "INV-1", "Q-2", "Q-3", "Q-4"]);
});
