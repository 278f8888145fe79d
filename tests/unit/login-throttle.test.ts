import { describe, expect, it } from "vitest";
import { decideAttempt, recentFailures } from "../../netlify/lib/admin/login-throttle.ts";

const NOW = 1_700_000_000_000;
const MINUTE = 60_000;

describe("recentFailures", () => {
  it("keeps only failures inside the window, oldest first", () => {
    expect(
      recentFailures([NOW - 1, NOW - 16 * MINUTE, NOW - 15 * MINUTE, NOW - 2 * MINUTE, NOW + 5], NOW),
    ).toEqual([NOW - 2 * MINUTE, NOW - 1]);
  });
});

// docs/security.md, Admin access: 5 failures within 15 minutes lock an address out; the cases below use those numbers.
describe("decideAttempt", () => {
  it.each<[string, number[], ReturnType<typeof decideAttempt>]>([
    ["no failures", [], { allowed: true }],
    ["four recent failures", [1, 2, 3, 4].map((m) => NOW - m * MINUTE), { allowed: true }],
    [
      "five failures, oldest 10 min ago",
      [10, 8, 6, 4, 2].map((m) => NOW - m * MINUTE),
      { allowed: false, retryAfterSeconds: 5 * 60 },
    ],
    [
      "five failures just now",
      Array.from({ length: 5 }, () => NOW),
      { allowed: false, retryAfterSeconds: 15 * 60 },
    ],
    [
      "six failures: the lockout ends when the fifth-newest leaves the window",
      [14, 12, 6, 4, 2, 1].map((m) => NOW - m * MINUTE),
      { allowed: false, retryAfterSeconds: 3 * 60 },
    ],
    [
      "five failures, one outside the window",
      [16, 4, 3, 2, 1].map((m) => NOW - m * MINUTE),
      { allowed: true },
    ],
    [
      "less than a second left still asks to wait 1 s",
      [15 * MINUTE - 10, 1, 1, 1, 1].map((ago) => NOW - ago),
      { allowed: false, retryAfterSeconds: 1 },
    ],
  ])("%s", (_name, failures, expected) => {
    expect(decideAttempt(failures, NOW)).toEqual(expected);
  });
});
