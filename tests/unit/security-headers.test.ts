import { describe, expect, it } from "vitest";
import { headersFile, mergePolicies, metaPolicy, parsePolicy } from "../../integrations/security-headers";

describe("metaPolicy", () => {
  it("reads Astro's CSP meta and unescapes quotes", () => {
    const html = `<head><meta http-equiv="content-security-policy" content="script-src &#39;self&#39; &#39;sha256-a&#39;"></head>`;
    expect(metaPolicy(html)).toBe("script-src 'self' 'sha256-a'");
  });
  it("is undefined without one", () => expect(metaPolicy("<head></head>")).toBeUndefined());
});

describe("mergePolicies", () => {
  it("unions the sources of each directive and adds frame-ancestors", () => {
    const merged = parsePolicy(
      mergePolicies([
        "default-src 'self'; script-src 'self' 'sha256-a'; style-src 'self'",
        "default-src 'self';script-src 'self' 'sha256-b'; style-src-attr 'unsafe-inline'",
      ]),
    );
    expect(Object.fromEntries(merged)).toEqual({
      "default-src": ["'self'"],
      "script-src": ["'self'", "'sha256-a'", "'sha256-b'"],
      "style-src": ["'self'"],
      "style-src-attr": ["'unsafe-inline'"],
      "frame-ancestors": ["'none'"],
    });
  });
});

describe("headersFile", () => {
  const file = headersFile("default-src 'self'; frame-ancestors 'none'");
  it("applies one rule to every path", () => expect(file.split("\n")[0]).toBe("/*"));
  it.each([
    ["Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'"],
    ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ])("sets %s", (name, value) => expect(file).toContain(`  ${name}: ${value}\n`));
  it("denies camera, microphone and geolocation", () => {
    expect(file).toMatch(/Permissions-Policy: .*camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  });
});
