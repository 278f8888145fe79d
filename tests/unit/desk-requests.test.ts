/**
 * What the lead desk's endpoints answer to a query or body they refuse (netlify/lib/desk/lead-query.ts,
 * netlify/lib/desk/bulk-erase.ts, read through netlify/lib/http/request-body.ts), and what they make
 * of one they accept: the message of each refusal, and which one wins when several checks fail. The
 * messages zod writes itself (no message in the schema) are zod's English ones.
 */
import { describe, expect, it } from "vitest";
import { BulkEraseBody } from "../../netlify/lib/desk/bulk-erase.ts";
import {
  LeadChangeBody,
  LeadFilterQuery,
  LeadListQuery,
  LeadStatsQuery,
  encodeCursor,
  leadChangeRefusal,
} from "../../netlify/lib/desk/lead-query.ts";
import { HttpError } from "../../netlify/lib/http/http-error.ts";
import { readJson, readQuery } from "../../netlify/lib/http/request-body.ts";

const get = (query: string) => new Request(`https://example.test/api/admin/contact-submissions?${query}`);
const patch = (body: unknown) =>
  new Request("https://example.test/api/admin/contact-submissions/1", {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** The answer as the handler gives it: the value, or the refusal's status, message and field errors. */
async function answer(read: () => unknown): Promise<unknown> {
  try {
    return { value: await read() };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return {
      status: error.status,
      error: error.message,
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    };
  }
}

const cursor = encodeCursor({ createdAt: "2026-01-02T03:04:05.000Z", id: "abc" });

describe("the list's query", () => {
  it.each<[string, string, unknown]>([
    ["nothing", "", { value: { limit: 50 } }],
    [
      "every filter",
      "status=won&service=%20roofs%20&q=%20Ann%20",
      { value: { limit: 50, status: "won", service: "roofs", q: "Ann" } },
    ],
    ["empty filters", "status=&service=&q=&cursor=", { value: { limit: 50 } }],
    ["a limit", "limit=10", { value: { limit: 10 } }],
    ["a limit over the most", "limit=999999", { value: { limit: 200 } }],
    [
      "a cursor",
      `cursor=${cursor}`,
      { value: { limit: 50, cursor: { createdAt: "2026-01-02T03:04:05.000Z", id: "abc" } } },
    ],
    ["an unknown status", "status=closed", { status: 400, error: "Unknown status" }],
    ["a service too long", `service=${"x".repeat(51)}`, { status: 400, error: "Unknown service" }],
    [
      "a search too long",
      `q=${"x".repeat(101)}`,
      { status: 400, error: "Search is limited to 100 characters" },
    ],
    ["a limit of 0", "limit=0", { status: 400, error: "limit must be a whole number from 1" }],
    [
      "a limit that is not a number",
      "limit=ten",
      { status: 400, error: "limit must be a whole number from 1" },
    ],
    ["a negative limit", "limit=-1", { status: 400, error: "limit must be a whole number from 1" }],
    ["a cursor that is not one", "cursor=abc", { status: 400, error: "Invalid cursor" }],
    [
      "everything wrong: the status first",
      `limit=0&cursor=abc&q=${"x".repeat(101)}&status=closed`,
      { status: 400, error: "Unknown status" },
    ],
  ])("%s", async (_name, query, expected) => {
    expect(await answer(() => readQuery(get(query), LeadListQuery))).toEqual(expected);
  });
});

describe("the export's filters and the chart's grouping", () => {
  it.each<[string, string, unknown]>([
    ["filters", "status=new&q=a&limit=5", { value: { status: "new", q: "a" } }],
    ["empty filters", "status=&service=", { value: {} }],
    [
      "a bad service and search: the service first",
      `q=${"x".repeat(101)}&service=${"x".repeat(51)}`,
      { status: 400, error: "Unknown service" },
    ],
  ])("%s", async (_name, query, expected) => {
    expect(await answer(() => readQuery(get(query), LeadFilterQuery))).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ["", { value: { by: "service" } }],
    ["by=source", { value: { by: "source" } }],
    ["by=month", { status: 400, error: "by must be service or source" }],
  ])("%s", async (query, expected) => {
    expect(await answer(() => readQuery(get(query), LeadStatsQuery))).toEqual(expected);
  });
});

describe("a lead change", () => {
  const address = { line1: "1 High St", town: "Doune", postcode: "FK16 6AA" };
  const read = (body: unknown) =>
    answer(() =>
      readJson(patch(body), LeadChangeBody, 8192, { requireJsonType: true, invalid: leadChangeRefusal }),
    );
  const STATUS = { status: ["Status must be one of new, contacted, quoted, won, completed, lost"] };

  it.each<[string, unknown, unknown]>([
    ["a status", { status: "won" }, { value: { status: "won" } }],
    ["a note, trimmed", { note: "  call back  " }, { value: { note: "call back" } }],
    ["an amount", { quotedAmount: 1200 }, { value: { quotedAmount: 1200 } }],
    [
      "completed with an address",
      { status: "completed", propertyAddress: address },
      { value: { status: "completed", propertyAddress: address } },
    ],
    ["an unknown status", { status: "nope" }, { status: 400, error: "Unknown status", fieldErrors: STATUS }],
    [
      "an empty note",
      { note: " " },
      { status: 400, error: "Invalid note", fieldErrors: { note: ["A note must be 1 to 2000 characters"] } },
    ],
    [
      "a note too long",
      { note: "x".repeat(2001) },
      { status: 400, error: "Invalid note", fieldErrors: { note: ["A note must be 1 to 2000 characters"] } },
    ],
    [
      "an amount as text",
      { quotedAmount: "1200" },
      { status: 400, error: "Invalid amount", fieldErrors: { quotedAmount: [expect.any(String)] } },
    ],
    [
      "an amount of 0",
      { quotedAmount: 0 },
      { status: 400, error: "Invalid amount", fieldErrors: { quotedAmount: [expect.any(String)] } },
    ],
    [
      "an address missing its parts",
      { status: "completed", propertyAddress: { line1: "", town: "", postcode: "" } },
      {
        status: 400,
        error: "Invalid address",
        fieldErrors: { propertyAddress: ["Enter the property's first line, town and postcode"] },
      },
    ],
    [
      "an address without completion",
      { propertyAddress: address },
      { status: 400, error: "propertyAddress goes with status completed" },
    ],
    ["nothing to change", {}, { status: 400, error: "Nothing to change: send status, note or quotedAmount" }],
    [
      "a field it does not have",
      { status: "won", colour: 1, size: 2 },
      { status: 400, error: "Unexpected field: colour, size" },
    ],
    ["not an object", [1], { status: 400, error: "Request body must be a JSON object" }],
    [
      "everything wrong: the status first",
      { status: "nope", note: "", quotedAmount: "x", propertyAddress: 1 },
      { status: 400, error: "Unknown status", fieldErrors: STATUS },
    ],
  ])("%s", async (_name, body, expected) => {
    expect(await read(body)).toEqual(expected);
  });
});

describe("a bulk erasure's body", () => {
  // The handler answers 400 with the first message (netlify/functions/admin-leads-erase.mts).
  const messages = (body: unknown) => {
    const result = BulkEraseBody.safeParse(body);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it.each<[string, unknown, string[]]>([
    ["a source", { source: "spam.example" }, []],
    ["a range", { from: "2026-11-01", to: "2026-11-20", confirm: 12 }, []],
    ["nothing", {}, ["Choose a source or a range of days"]],
    ["a blank source", { source: " " }, ["Too small: expected string to have >=1 characters"]],
    ["a source too long", { source: "x".repeat(121) }, ["Too big: expected string to have <=120 characters"]],
    [
      "days that are not dates",
      { from: "1 Nov", to: "20 Nov" },
      ["from must be a date (yyyy-mm-dd)", "to must be a date (yyyy-mm-dd)"],
    ],
    ["a range backwards", { from: "2026-11-20", to: "2026-11-01" }, ["The range ends before it starts"]],
    ["a count of 0", { source: "a", confirm: 0 }, ["Too small: expected number to be >=1"]],
    ["a count over the most", { source: "a", confirm: 5001 }, ["Too big: expected number to be <=5000"]],
    ["a count in part", { source: "a", confirm: 1.5 }, ["Invalid input: expected int, received number"]],
    ["a field it does not have", { source: "a", status: "won" }, ['Unrecognized key: "status"']],
  ])("%s", (_name, body, expected) => {
    expect(messages(body)).toEqual(expected);
  });
});
