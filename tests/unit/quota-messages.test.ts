import { describe, expect, test } from "vitest";
import {
  CLIENT_FILES_QUOTA_MESSAGE,
  QUOTE_QUOTA_MESSAGE,
  SITE_FILES_QUOTA_MESSAGE,
  quotaRefusal,
} from "../../src/lib/quote/quota-messages.ts";
import { describeFailure } from "../../src/islands/quote/submit-quote.ts";
import { QuoteSendError } from "../../src/islands/quote/upload-client.ts";

// The server answers with these very constants: tests/functions/quote-quota.test.ts, abuse-limits.test.ts.
describe("which limit refused a send", () => {
  test("too many quotes, too many files, or no limit at all", () => {
    expect(quotaRefusal(429, QUOTE_QUOTA_MESSAGE)).toBe("quotes");
    expect(quotaRefusal(429, CLIENT_FILES_QUOTA_MESSAGE)).toBe("files");
    expect(quotaRefusal(503, SITE_FILES_QUOTA_MESSAGE)).toBe("files");
    // A storage outage is a 503 too, but one to try again after.
    expect(quotaRefusal(503, "Storage is temporarily unavailable. Please try again.")).toBeNull();
    expect(quotaRefusal(500, QUOTE_QUOTA_MESSAGE)).toBeNull();
  });

  test("the form reads it from the quote's answer and from an upload's", () => {
    const quoteAnswer = new QuoteSendError(429, "HTTP error! status: 429", undefined, QUOTE_QUOTA_MESSAGE);
    expect(describeFailure(quoteAnswer)).toMatchObject({
      quota: "quotes",
      message: "HTTP error! status: 429",
    });
    expect(describeFailure(new QuoteSendError(429, CLIENT_FILES_QUOTA_MESSAGE)).quota).toBe("files");
    expect(describeFailure(new QuoteSendError(503, "HTTP error! status: 503")).quota).toBeNull();
  });
});
