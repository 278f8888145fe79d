import { describe, expect, it, vi } from "vitest";
import notFound from "../../netlify/functions/api-not-found.mts";
import {
  ConflictError,
  MethodNotAllowedError,
  NotFoundError,
  requireMethod,
  STORAGE_OUTAGE_MESSAGE,
  toErrorResponse,
} from "../../netlify/lib/http/http-error";
import { json, methodNotAllowed, secureHeaders } from "../../netlify/lib/http/responses";
import { scheduledRun } from "../../netlify/lib/http/scheduled-run";

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

describe("the one error response", () => {
  it("answers an HttpError subclass as itself: status, message and headers", async () => {
    const notAllowed = toErrorResponse(new MethodNotAllowedError(["GET", "POST"]), "test");
    expect(notAllowed.status).toBe(405);
    expect(notAllowed.headers.get("Allow")).toBe("GET, POST");
    expect(await notAllowed.json()).toEqual({ error: "Method not allowed" });
    const missing = toErrorResponse(new NotFoundError(), "test");
    expect([missing.status, await missing.json()]).toEqual([404, { error: "Not found" }]);
    const conflict = toErrorResponse(new ConflictError("Taken"), "test");
    expect([conflict.status, await conflict.json()]).toEqual([409, { error: "Taken" }]);
  });

  it("requireMethod refuses other methods and leaves HEAD out of Allow", () => {
    const get = new Request("http://localhost/x");
    expect(() => requireMethod(get, ["GET", "HEAD"])).not.toThrow();
    const post = new Request("http://localhost/x", { method: "POST" });
    expect(() => requireMethod(post, ["GET", "HEAD"])).toThrow(MethodNotAllowedError);
    try {
      requireMethod(post, ["GET", "HEAD"]);
    } catch (error) {
      expect((error as MethodNotAllowedError).toResponse().headers.get("Allow")).toBe("GET");
    }
  });

  it("answers anything else 500 without detail and logs its kind, never its message", async () => {
    const logged: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
    try {
      // Node's JSON errors quote the text they choked on: here a visitor's e-mail address.
      let parseError: unknown;
      try {
        JSON.parse('{"email":"jane.doe@example.com"');
      } catch (error) {
        parseError = error;
      }
      const response = toErrorResponse(parseError, "contact");
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: "Something went wrong on our side. Please try again." });
      expect(logged).toEqual(["contact: unexpected failure (SyntaxError)"]);
    } finally {
      spy.mockRestore();
    }
  });

  it("answers a storage outage 503 with Retry-After", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = toErrorResponse(new TypeError("fetch failed"), "gallery");
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      expect(spy).toHaveBeenCalledWith("gallery: storage unavailable");
    } finally {
      spy.mockRestore();
    }
  });

  const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
  it.each([
    ["a query the server never answered", pgError("Query read timeout"), "Query read timeout"],
    [
      "a connection that timed out",
      pgError("Connection terminated due to connection timeout"),
      "Connection terminated",
    ],
    [
      "no free connection in time",
      pgError("timeout exceeded when trying to connect"),
      "timeout exceeded when trying to connect",
    ],
    ["a connection dropped", pgError("Connection terminated unexpectedly"), "Connection terminated"],
    ["a refused connection", pgError("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"), "ECONNREFUSED"],
    [
      "a statement past statement_timeout",
      pgError("canceling statement due to statement timeout", "57014"),
      "57014",
    ],
    [
      "a transaction left idle too long",
      pgError("terminating connection due to idle-in-transaction timeout", "25P03"),
      "25P03",
    ],
    [
      "a server shutting down",
      pgError("terminating connection due to administrator command", "57P01"),
      "57P01",
    ],
    [
      "a server not accepting connections yet",
      pgError("the database system is starting up", "57P03"),
      "57P03",
    ],
    ["a connection failure", pgError("connection failure", "08006"), "08006"],
  ])(
    "answers a database that does not answer (%s) 503, logged by its code or pg's fixed text, not its message",
    async (_name, error, reason) => {
      const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
      try {
        const response = toErrorResponse(error, "contact");
        expect(response.status).toBe(503);
        expect(response.headers.get("Retry-After")).toBe("5");
        expect(await response.json()).toEqual({ error: STORAGE_OUTAGE_MESSAGE });
        expect(spy.mock.calls).toEqual([[`contact: storage unavailable (${reason})`]]);
      } finally {
        spy.mockRestore();
      }
    },
  );

  it("answers a database's refusal of the data (a unique violation) 500, not 503", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const error = pgError('duplicate key value violates unique constraint "leads_reference_key"', "23505");
      expect(toErrorResponse(error, "contact").status).toBe(500);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("scheduled functions answer alike", () => {
  it("200 with the run's summary as JSON, no-store", async () => {
    const response = await scheduledRun("cleanup-orphans", () =>
      Promise.resolve({ removed: 3, finished: true }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ removed: 3, finished: true });
  });

  it("a failed run: the one error response, logged by task and kind without personal data", async () => {
    const logged: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
    try {
      const response = await scheduledRun("lead-retention", () =>
        Promise.reject(new Error("could not erase the lead of jane.doe@example.com")),
      );
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: "Something went wrong on our side. Please try again." });
      expect(logged).toEqual(["lead-retention: unexpected failure (Error)"]);
    } finally {
      spy.mockRestore();
    }
  });
});
