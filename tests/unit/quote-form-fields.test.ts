import { expect, it } from "vitest";
import { QUOTE_FORM_FIELD_NAMES } from "../../src/islands/quote/quote-fields";
import { QUOTE_FIELD_NAMES } from "../../src/lib/quote/rules";

// The form draws its fields and keeps its draft from its own table (src/islands/quote/quote-fields.ts);
// the rules, the server and the focus after a refused send go by QUOTE_FIELD_NAMES.
it("the quote form shows every field of a quote, in the rules' order", () => {
  expect(QUOTE_FORM_FIELD_NAMES).toEqual(QUOTE_FIELD_NAMES);
});
