/** A certificate's number read however a person typed it (src/lib/payments/guarantee-number.ts). */
import { describe, expect, test } from "vitest";
import { guaranteeNumberOf } from "../../src/lib/payments/guarantee-number.ts";

describe("guaranteeNumberOf", () => {
  test.each([
    ["G-7KX2-MD4P", "G-7KX2-MD4P"],
    ["g-7kx2-md4p", "G-7KX2-MD4P"],
    ["g7kx2md4p", "G-7KX2-MD4P"],
    ["G 7KX2 MD4P", "G-7KX2-MD4P"],
    [" g7kx2-md4p ", "G-7KX2-MD4P"],
  ])("%j is %s", (typed, number) => {
    expect(guaranteeNumberOf(typed)).toBe(number);
  });

  test.each(["", "G-7KX2-MD4", "H-7KX2-MD4P", "G-7KX2-MD4PQ", "G-7KX2_MD4P", "INV-000001", "G-7KX2-MD4Þ"])(
    "%j is not a certificate's number",
    (typed) => {
      expect(guaranteeNumberOf(typed)).toBeNull();
    },
  );
});
