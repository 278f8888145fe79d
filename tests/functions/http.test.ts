import { describe, expect, it } from "vitest";
import notFound from "../../netlify/functions/api-not-found.mts";
import { json, methodNotAllowed, secureHeaders } from "../../netlify/lib/http/responses";

/** Deployed, the CDN's _headers rules do not reach function responses: they must carry their own. */
describe("function responses set their own security headers", () => {
  it.each([
    ["json()", () => json({ ok: true })],
    ["methodNotAllowed()", () => methodNotAllowed(["GET"])],
    ["the /api/* 404 function", () => notFound()],
  ])("%s", (_name, make) => {
    const response = make();
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=(\d+)/);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  });

  it("keeps a handler's own Cache-Control", () => {
    const response = json([], { headers: { "Cache-Control": "public, max-age=60" } });
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
  });

  it("secureHeaders() serves attachments as well as JSON", () => {
    const headers = secureHeaders({ "Content-Type": "application/pdf" });
    expect(headers.get("Content-Type")).toBe("application/pdf");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
