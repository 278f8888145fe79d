import { describe, expect, test } from "vitest";
import handler from "../../netlify/functions/contact.mts";
import { readQuote } from "../../netlify/lib/quote/quote-store.ts";
import { openAttachment } from "../../netlify/lib/quote/attachment-store.ts";
import { QUOTE_MESSAGES } from "../../src/lib/quote/rules.ts";
import { useBlobs } from "./blobs.ts";
import {
  BASE,
  files,
  quoteRequest,
  rawRequest,
  storedKeys,
  quoteKeys,
  leadsWithPendingMail,
  VALID_FIELDS,
} from "./quote-fixtures.ts";

useBlobs();

const call = (req: Request) => handler(req);

async function bytesOf(stream: ReadableStream) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("POST /api/contact with a valid quote", () => {
  test("stores the quote without attachments and answers 201 { id, createdAt, reference }", async () => {
    const response = await call(quoteRequest());
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["createdAt", "id", "reference"]);
    expect(body.reference).toMatch(/^Q-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    const record = await readQuote(body.id);
    expect(record).toMatchObject({
      ...VALID_FIELDS,
      id: body.id,
      createdAt: body.createdAt,
      attachments: [],
      reference: body.reference,
    });
    // Both e-mails are due, recorded with the quote, and the outbox entry was written with it.
    expect(record?.notifications?.map((n) => [n.kind, n.status, n.attempts])).toEqual([
      ["owner", "pending", 0],
      ["receipt", "pending", 0],
    ]);
    expect(await leadsWithPendingMail()).toContain(body.id);
  });

  test("stores small attachments sent in the request itself, byte for byte, typed by content", async () => {
    const jpeg = files.jpeg(50_000);
    const docx = files.docx(20_000);
    const response = await call(
      quoteRequest({
        attachments: [
          { name: "roof front.jpg", bytes: jpeg, type: "application/octet-stream" },
          { name: "Survey – Glen’s.docx", bytes: docx },
        ],
      }),
    );
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const record = await readQuote(id);
    expect(record?.attachments).toEqual([
      { id: "1", name: "roof front.jpg", size: jpeg.byteLength, type: "image/jpeg" },
      {
        id: "2",
        name: "Survey – Glen’s.docx",
        size: docx.byteLength,
        type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      },
    ]);
    const stored = await openAttachment(id, "1");
    expect(await bytesOf(stored!.stream)).toEqual(jpeg);
  });

  test.each([
    ["a .scot address", { email: "hello@kippen.scot" }],
    ["a .uk address", { email: "office@council.gov.uk" }],
    ["a listed provider", { email: "someone@btinternet.com" }],
    ["a phone number with a plus and brackets", { phone: "+44 (0)1786 870" }],
    ["surrounding spaces", { firstName: "  Al  " }],
  ])("accepts %s", async (_name, fields) => {
    expect((await call(quoteRequest({ fields }))).status).toBe(201);
  });

  test("trims text before storing", async () => {
    const response = await call(quoteRequest({ fields: { firstName: "  Al  " } }));
    const record = await readQuote((await response.json()).id);
    expect(record?.firstName).toBe("Al");
  });
});

describe("each validation rule answers 400 with the specified message and stores nothing", () => {
  test.each([
    ["firstName", { firstName: "M" }, QUOTE_MESSAGES.firstName],
    ["firstName", { firstName: undefined }, QUOTE_MESSAGES.firstName],
    ["lastName", { lastName: " " }, QUOTE_MESSAGES.lastName],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["email", { email: "morag@example.xyz" }, "Please enter a valid email address with a recognized domain"],
    ["phone", { phone: "12345" }, "Phone number must be at least 10 digits"],
    ["phone", { phone: "0123456789abc" }, "Please enter a valid phone number"],
    ["phone", { phone: "012 345 678" }, "Phone number must contain 10-15 digits"],
    ["serviceRequired", { serviceRequired: "" }, "Please select a service"],
    ["serviceRequired", { serviceRequired: "demolition" }, "Please select a service"],
    ["message", { message: "Too short" }, "Message must be at least 10 characters"],
  ])("%s %j", async (field, fields, message) => {
    const before = await storedKeys();
    const response = await call(quoteRequest({ fields }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({ [field]: [message] });
    expect(await storedKeys()).toEqual(before);
  });

  test("more than five files: 'Maximum 5 files allowed'", async () => {
    const before = await storedKeys();
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.jpg`, bytes: files.jpeg(100) }));
    const response = await call(quoteRequest({ attachments: six }));
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ attachments: ["Maximum 5 files allowed"] });
    expect(await storedKeys()).toEqual(before);
  });

  test("more than five upload references: 'Maximum 5 files allowed'", async () => {
    const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
    const response = await call(quoteRequest({ uploadIds: ids }));
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ attachments: ["Maximum 5 files allowed"] });
  });
});

const boundary = "----quote-test-boundary";
const multipart = `multipart/form-data; boundary=${boundary}`;
const part = (name: string, value: string, filename?: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"`}\r\n\r\n${value}\r\n`;
const validParts = Object.entries({ ...VALID_FIELDS, fillTimeMs: "9000" })
  .map(([name, value]) => part(name, value))
  .join("");
const close = `--${boundary}--\r\n`;
const bigStream = (bytes: number) =>
  new ReadableStream({
    start(controller) {
      const chunk = new TextEncoder().encode(
        validParts + `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n`,
      );
      controller.enqueue(chunk);
      for (let sent = 0; sent < bytes; sent += 65536) controller.enqueue(new Uint8Array(65536).fill(97));
      controller.close();
    },
  });
const nonUtf8 = () => {
  const head = new TextEncoder().encode(
    Object.entries({ ...VALID_FIELDS, fillTimeMs: "9000" })
      .filter(([name]) => name !== "lastName")
      .map(([name, value]) => part(name, value))
      .join("") + `--${boundary}\r\nContent-Disposition: form-data; name="lastName"\r\n\r\n`,
  );
  const bad = new Uint8Array([0x4d, 0xc3, 0x28, 0xff, 0xfe]);
  const tail = new TextEncoder().encode(`\r\n${close}`);
  return new Blob([head, bad, tail]);
};

const malformed: [string, () => Request, number, RegExp][] = [
  ["GET instead of POST", () => new Request(`${BASE}/api/contact`), 405, /Method not allowed/],
  ["PUT instead of POST", () => rawRequest("x", "text/plain", "PUT"), 405, /Method not allowed/],
  [
    "JSON instead of multipart",
    () => rawRequest(JSON.stringify(VALID_FIELDS), "application/json"),
    415,
    /multipart/,
  ],
  [
    "url-encoded form",
    () => rawRequest(new URLSearchParams(VALID_FIELDS).toString(), "application/x-www-form-urlencoded"),
    415,
    /multipart/,
  ],
  ["no content type", () => rawRequest("hello", null), 415, /multipart/],
  [
    "multipart without a boundary",
    () => rawRequest(validParts + close, "multipart/form-data;"),
    400,
    /Malformed/,
  ],
  [
    "multipart body cut short",
    () => rawRequest(validParts.slice(0, -40), multipart),
    400,
    /Malformed|Unexpected end/,
  ],
  ["plain text under a multipart header", () => rawRequest("this is not a form", multipart), 400, /./],
  ["empty body", () => rawRequest(null, multipart), 400, /empty/],
  [
    "declared length over 4 MiB",
    () =>
      new Request(`${BASE}/api/contact`, {
        method: "POST",
        body: validParts + close,
        headers: { "content-type": multipart, "content-length": String(5 * 1024 * 1024) },
      }),
    413,
    /too large/,
  ],
  [
    "streamed body over 4 MiB without a length",
    () => rawRequest(bigStream(4.5 * 1024 * 1024), multipart),
    413,
    /too large/,
  ],
  [
    "a field over 20 kB",
    () => quoteRequest({ fields: { message: "x".repeat(30_000) } }),
    413,
    /message is too long/,
  ],
  ["a field that is not UTF-8", () => rawRequest(nonUtf8(), multipart), 400, /UTF-8/],
  [
    "an unknown field",
    () => quoteRequest({ extra: [["isAdmin", "true"]] }),
    400,
    /Unexpected field: isAdmin/,
  ],
  ["a field sent twice", () => quoteRequest({ extra: [["firstName", "Second"]] }), 400, /more than once/],
  [
    "a file in a text field",
    () =>
      rawRequest(validParts.replace('name="message"', 'name="message"; filename="m.txt"') + close, multipart),
    400,
    /may not carry a file/,
  ],
  [
    "a program disguised as a .jpg",
    () => quoteRequest({ attachments: [{ name: "photo.jpg", bytes: files.exe(), type: "image/jpeg" }] }),
    415,
    /photo\.jpg is not an image, PDF or Word document/,
  ],
  [
    "an SVG image (may carry script)",
    () => quoteRequest({ attachments: [{ name: "plan.svg", bytes: files.svg(), type: "image/svg+xml" }] }),
    415,
    /not an image, PDF or Word/,
  ],
  [
    "a path-traversal file name",
    () =>
      quoteRequest({ attachments: [{ name: "../../netlify/functions/contact.mts", bytes: files.jpeg() }] }),
    400,
    /file names/,
  ],
  [
    "a Windows path as file name",
    () => quoteRequest({ attachments: [{ name: "C:\\Users\\me\\roof.jpg", bytes: files.jpeg() }] }),
    400,
    /file names/,
  ],
  [
    "a control character in a file name",
    () =>
      rawRequest(
        validParts + part("attachments", "\xff\xd8\xff\xe0abc", "roof\u0007.jpg") + close,
        multipart,
      ),
    400,
    /file names|Malformed part header/,
  ],
  [
    "an empty file",
    () => quoteRequest({ attachments: [{ name: "empty.pdf", bytes: new Uint8Array(0) }] }),
    400,
    /empty/,
  ],
  ["an unknown upload id", () => quoteRequest({ uploadIds: [crypto.randomUUID()] }), 404, /Upload not found/],
  ["a malformed upload id", () => quoteRequest({ uploadIds: ["../../files/x"] }), 404, /Upload not found/],
  [
    "the same upload twice",
    () => quoteRequest({ uploadIds: [crypto.randomUUID(), ""].map((_, __, a) => a[0]!) }),
    400,
    /referenced twice/,
  ],
  ["a malformed idempotency key", () => quoteRequest({ idempotencyKey: "short" }), 400, /Idempotency-Key/],
  ["no fill time (automated post)", () => quoteRequest({ fillTimeMs: null }), 400, /too quickly/],
  ["filled in under 3 seconds", () => quoteRequest({ fillTimeMs: "800" }), 400, /too quickly/],
  [
    "every field missing",
    () => rawRequest(part("fillTimeMs", "9000") + close, multipart),
    400,
    /highlighted fields/,
  ],
];

describe("malformed requests get a clear 4xx and store nothing", () => {
  test.each(malformed)("%s", async (_name, build, status, error) => {
    const before = await storedKeys();
    const response = await call(build());
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const body = await response.json();
    expect(body.error).toMatch(error);
    expect(await storedKeys()).toEqual(before);
  });
});

describe("robots and retries", () => {
  test("a filled honeypot is answered like a success and stored nowhere", async () => {
    const before = await storedKeys();
    const response = await call(quoteRequestWithHoneypot());
    expect(response.status).toBe(201);
    expect((await response.json()).id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await storedKeys()).toEqual(before);
  });

  test("a retried submit with the same idempotency key stores once and answers the same", async () => {
    const key = `retry-${crypto.randomUUID()}`;
    const before = (await quoteKeys()).length;
    const first = await call(quoteRequest({ idempotencyKey: key }));
    const second = await call(quoteRequest({ idempotencyKey: key }));
    const [a, b] = [await first.json(), await second.json()];
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(b).toEqual(a);
    expect((await quoteKeys()).length).toBe(before + 1);
  });
});

function quoteRequestWithHoneypot() {
  const form = new FormData();
  for (const [name, value] of Object.entries(VALID_FIELDS)) form.append(name, value);
  form.append("fillTimeMs", "9000");
  form.append("website", "https://spam.example");
  return new Request(`${BASE}/api/contact`, { method: "POST", body: form });
}
