import { describe, expect, it } from "vitest";
import { reviewWaitLine, reviewWaitsFor } from "../../src/lib/follow-up/review-status";

const unpaid = { number: "INV-000042", paidOn: null };
const paid = { number: "INV-000041", paidOn: "2026-11-20" };

describe("the review request waiting for the invoice, as the desk tells it", () => {
  it("names the unpaid invoice of a completed job whose request is not queued", () => {
    expect(reviewWaitsFor({ status: "completed", review: null, invoices: [paid, unpaid] })).toBe(
      "INV-000042",
    );
    expect(reviewWaitLine("INV-000042")).toBe(
      "waits for invoice INV-000042 to be paid, then goes to the customer",
    );
  });

  it("says nothing once the request is queued, before completion, or with every invoice paid", () => {
    const queued = { state: "pending" as const, completedAt: "2026-11-20T10:00:00.000Z" };
    expect(reviewWaitsFor({ status: "completed", review: queued, invoices: [unpaid] })).toBeNull();
    expect(reviewWaitsFor({ status: "won", review: null, invoices: [unpaid] })).toBeNull();
    expect(reviewWaitsFor({ status: "completed", review: null, invoices: [paid] })).toBeNull();
    expect(reviewWaitsFor({ status: "completed", review: null })).toBeNull();
  });
});
