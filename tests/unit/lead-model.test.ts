import { describe, expect, test } from "vitest";
import { CAPTURE_STORAGE_KEY } from "../../src/scripts/capture-visit-source.ts";
import { SOURCE_STORAGE_KEY } from "../../src/lib/visit-source.ts";
import {
  filtersFromParams,
  paramsFromFilters,
  parseLeadSourceField,
  sanitizeLeadSource,
  sourceLabel,
  weekStart,
} from "../../src/lib/lead-model.ts";

describe("lead source", () => {
  test("the capture script and the quote form use one storage key", () => {
    expect(CAPTURE_STORAGE_KEY).toBe(SOURCE_STORAGE_KEY);
  });

  test("keeps a path on this site, a host name and bounded utm values; drops the rest", () => {
    expect(
      sanitizeLeadSource({
        landingPage: "/services/roof-repairs",
        referrer: "www.Google.com",
        utmSource: " newsletter ",
        utmMedium: "email\u0007",
        utmCampaign: "x".repeat(150),
        other: "ignored",
      }),
    ).toEqual({
      landingPage: "/services/roof-repairs",
      referrer: "www.google.com",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "x".repeat(100),
    });
    expect(sanitizeLeadSource({ landingPage: "//evil.example/x", referrer: "https://x.y/" })).toBeUndefined();
    expect(sanitizeLeadSource({ landingPage: "/\\evil" })).toBeUndefined();
    expect(sanitizeLeadSource(["/"])).toBeUndefined();
    expect(parseLeadSourceField("not json")).toBeUndefined();
    expect(parseLeadSourceField(JSON.stringify({ landingPage: "/" + "a".repeat(3000) }))).toBeUndefined();
    expect(parseLeadSourceField(JSON.stringify({ landingPage: "/faq" }))).toEqual({ landingPage: "/faq" });
  });

  test("labels: campaign, else referring site, else Direct; Unknown when not recorded", () => {
    expect(sourceLabel({ utmSource: "Facebook", referrer: "m.facebook.com" })).toBe("facebook");
    expect(sourceLabel({ referrer: "www.google.co.uk" })).toBe("google.co.uk");
    expect(sourceLabel({ landingPage: "/" })).toBe("Direct");
    expect(sourceLabel(undefined)).toBe("Unknown");
  });
});

describe("filters in the URL", () => {
  test("round trip, unknown status dropped, search cut to 100 characters", () => {
    const filters = filtersFromParams(
      new URLSearchParams("status=won&service=guttering&q=%20morag%20&page=3"),
    );
    expect(filters).toEqual({ status: "won", service: "guttering", q: "morag" });
    expect(paramsFromFilters(filters).toString()).toBe("status=won&service=guttering&q=morag");
    expect(filtersFromParams(new URLSearchParams("status=maybe"))).toEqual({});
    expect(filtersFromParams(new URLSearchParams(`q=${"a".repeat(150)}`)).q).toHaveLength(100);
  });
});

test("weeks start on Monday (UTC)", () => {
  expect(weekStart(Date.UTC(2026, 10, 23, 12))).toBe("2026-11-23");
  expect(weekStart(Date.UTC(2026, 10, 22, 23))).toBe("2026-11-16");
  expect(weekStart(Date.UTC(2026, 10, 16))).toBe("2026-11-16");
});
