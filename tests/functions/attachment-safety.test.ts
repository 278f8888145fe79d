/**
 * Disguised attachments and addresses (docs/security.md, "Attachments"), against a real Blobs server
 * and a real SMTP server: invisible characters out of file names wherever they are shown, served
 * names ending in the extension of the type found, DOCX judged by its ZIP directory, macro-enabled
 * Word files refused with 415, and e-mail addresses that would break a mailto: link refused with the
 * form's own message.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import createHandler from "../../netlify/functions/uploads.mts";
import partFunction, { config as partConfig } from "../../netlify/functions/upload-part.mts";
import completeFunction, { config as completeConfig } from "../../netlify/functions/upload-complete.mts";
import list from "../../netlify/functions/admin-contact-submissions.mts";
import attachment, { config as attachmentConfig } from "../../netlify/functions/admin-contact-attachment.mts";
import exportCsv from "../../netlify/functions/admin-contact-submissions-export.mts";
import { businessDetails } from "../../netlify/lib/business.ts";
import { customerName, headerText, plainName } from "../../netlify/lib/mail/emails/quote-emails.tsx";
import { readQuote } from "../../netlify/lib/quote/quote-store.ts";
import { checkQuote, QUOTE_MESSAGES } from "../../src/lib/quote/rules.ts";
import { validateQuote } from "../../src/lib/quote/schema.ts";
import { mailtoLink } from "../../src/lib/links.ts";
import { adminCookie, useAdminTestEnv } from "./admin-session.ts";
import { useBlobs } from "./blobs.ts";
import { BASE, files, quoteRequest, rawRequest, storedKeys, VALID_FIELDS } from "./quote-fixtures.ts";
import { routed } from "./route.ts";
import { startSmtp } from "./smtp.ts";
import {
  docm,
  docmWithCharacterReferences,
  docmWithUtf16ContentTypes,
  docx,
  docxWithInternalRelationships,
  docxWithLinkedPicture,
  docxWithMacroContentType,
  docxWithRemoteTemplate,
  docxWithUtf16ContentTypes,
  docxWithVbaProject,
  zipPosingAsDocx,
} from "./zip-fixture.ts";
import { backgroundWork, clientContexts } from "./background.ts";

const download = routed(attachment, attachmentConfig);
const putPart = routed(partFunction, partConfig);
const complete = routed(completeFunction, completeConfig);

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let cookie: string;
let owner: string;

useBlobs();
beforeAll(async () => {
  smtp = await startSmtp();
  useAdminTestEnv();
  cookie = await adminCookie();
  owner = (await businessDetails()).email;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});
beforeEach(() => {
  useAdminTestEnv();
  process.env.SMTP_URL = smtp.url;
});

const { waitUntil, settle } = backgroundWork();
const context = clientContexts("198.19.0", waitUntil);

async function send(
  attachments: { name: string; bytes: Uint8Array }[],
  email = `files.${crypto.randomUUID()}@example.co.uk`,
) {
  return contact(quoteRequest({ attachments, fields: { email } }), context());
}

async function listed(id: string) {
  const response = await list(new Request(`${BASE}/api/admin/contact-submissions`, { headers: { cookie } }));
  const items = (await response.json()) as { id: string; attachments: { name: string; url: string }[] }[];
  return items.find((item) => item.id === id)!;
}

describe("file names", () => {
  test("a right-to-left override cannot disguise a file: shown and served without it, with the real type's extension", async () => {
    const disguised = "roof-photo\u202Egpj.hta";
    const zeroWidth = "gable\u200B\u200D\uFEFF.jpg";
    const response = await send([
      { name: disguised, bytes: files.jpeg(3000) },
      { name: zeroWidth, bytes: files.png(3000) },
      { name: "survey.pdf.exe", bytes: files.pdf(3000) },
    ]);
    expect(response.status).toBe(201);
    const { id, reference } = (await response.json()) as { id: string; reference: string };
    await settle();

    // The lead desk.
    const item = await listed(id);
    expect(item.attachments.map((a) => a.name)).toEqual([
      "roof-photogpj.hta.jpg",
      "gable.jpg.png",
      "survey.pdf.exe.pdf",
    ]);
    // The download: Content-Disposition names the served name only.
    for (const [index, expected] of [
      "roof-photogpj.hta.jpg",
      "gable.jpg.png",
      "survey.pdf.exe.pdf",
    ].entries()) {
      const file = await download(
        new Request(`${BASE}${item.attachments[index]!.url}`, { headers: { cookie } }),
      );
      expect(file.status).toBe(200);
      const disposition = file.headers.get("content-disposition")!;
      expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(expected);
      expect(disposition).not.toMatch(/%E2%80%AE|%E2%80%8B/i);
    }
    // The owner's e-mail.
    const ownerMail = smtp.messages.find(
      (mail) => mail.envelope.to.includes(owner) && mail.parsed.subject?.includes(reference),
    )!;
    for (const body of [ownerMail.parsed.text ?? "", String(ownerMail.parsed.html)]) {
      expect(body).toContain("roof-photogpj.hta.jpg (2.9 KB)");
      expect(body).toContain("gable.jpg.png (2.9 KB)");
      // (The HTML's hidden preview text is padded with zero-width characters by design; no override anywhere.)
      expect(body).not.toMatch(/\u202E/);
    }
    // The CSV export.
    const csv = await (
      await exportCsv(
        new Request(`${BASE}/api/admin/contact-submissions/export.csv`, { headers: { cookie } }),
      )
    ).text();
    expect(csv).toContain("roof-photogpj.hta.jpg; gable.jpg.png; survey.pdf.exe.pdf");
    expect(csv).not.toMatch(/\u202E|\u200B/);
  });

  test("names already stored with invisible characters are cleaned when shown", async () => {
    const { servedFileName } = await import("../../netlify/lib/uploads/file-types.ts");
    expect(servedFileName("invoice\u2066\u202Efdp.exe\u2069", "application/pdf")).toBe("invoicefdp.exe.pdf");
    expect(servedFileName("photo.JPEG", "image/jpeg")).toBe("photo.JPEG");
    expect(servedFileName("\u200B", "image/png")).toBe("attachment.png");
  });
});

describe("Word documents", () => {
  test("a real DOCX is accepted, inline and through the part uploads", async () => {
    expect((await send([{ name: "survey.docx", bytes: docx(20_000) }])).status).toBe(201);
    const bytes = docx(9_000);
    const created = await createHandler(
      rawRequest(
        JSON.stringify({ name: "notes.docx", size: bytes.byteLength }),
        "application/json",
        "POST",
        "/api/uploads",
      ),
    );
    const { uploadId } = (await created.json()) as { uploadId: string };
    const part = await putPart(
      new Request(`${BASE}/api/uploads/${uploadId}/parts/1`, {
        method: "PUT",
        body: bytes as Uint8Array<ArrayBuffer>,
      }),
    );
    expect(part.status).toBe(200);
    const done = await complete(new Request(`${BASE}/api/uploads/${uploadId}/complete`, { method: "POST" }));
    expect(done.status).toBe(200);
    expect(((await done.json()) as { type: string }).type).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
  });

  test.each([
    [
      "a ZIP that only mentions the DOCX names in its bytes",
      "survey.docx",
      zipPosingAsDocx(),
      /is not an image, PDF or Word document/,
    ],
    ["a macro-enabled document (.docm) renamed to .docx", "survey.docx", docm(), /contains macros/],
    ["a DOCX carrying a VBA project", "survey.docx", docxWithVbaProject(), /contains macros/],
    [
      "a DOCX declaring a macro-enabled content type",
      "survey.docx",
      docxWithMacroContentType(),
      /contains macros/,
    ],
    ["a plain DOCX named .docm", "survey.docm", docx(), /contains macros/],
    [
      "a .docm renamed .docx whose content types are UTF-16 LE",
      "survey.docx",
      docmWithUtf16ContentTypes("le"),
      /contains macros/,
    ],
    [
      "a .docm renamed .docx whose content types are UTF-16 BE",
      "survey.docx",
      docmWithUtf16ContentTypes("be"),
      /contains macros/,
    ],
    [
      "a .docm renamed .docx whose content type is spelled &#69;…",
      "survey.docx",
      docmWithCharacterReferences("decimal"),
      /contains macros/,
    ],
    [
      "a .docm renamed .docx whose content type is spelled &#x6D;…",
      "survey.docx",
      docmWithCharacterReferences("hex"),
      /contains macros/,
    ],
    [
      "a DOCX with a remote template",
      "survey.docx",
      docxWithRemoteTemplate(),
      /links to files outside the document/,
    ],
    [
      "a DOCX with a picture linked from another machine",
      "survey.docx",
      docxWithLinkedPicture(),
      /links to files outside the document/,
    ],
    ["a Word 97 document with a Macros storage", "survey.doc", docWithMacros(), /contains macros/],
  ])("refuses %s with 415 and stores nothing", async (_case, name, bytes, message) => {
    await settle();
    const before = await storedKeys();
    const response = await send([{ name, bytes }]);
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: string }).error).toMatch(message);
    expect(await storedKeys()).toEqual(before);

    // The part uploads refuse it too, and keep nothing of it.
    const created = await createHandler(
      rawRequest(
        JSON.stringify({ name, size: bytes.byteLength }),
        "application/json",
        "POST",
        "/api/uploads",
      ),
    );
    if (name.endsWith(".docm")) {
      expect(created.status).toBe(415);
      return;
    }
    const { uploadId } = (await created.json()) as { uploadId: string };
    await putPart(
      new Request(`${BASE}/api/uploads/${uploadId}/parts/1`, {
        method: "PUT",
        body: bytes as Uint8Array<ArrayBuffer>,
      }),
    );
    const done = await complete(new Request(`${BASE}/api/uploads/${uploadId}/complete`, { method: "POST" }));
    expect(done.status).toBe(415);
    expect(((await done.json()) as { error: string }).error).toMatch(message);
    expect((await storedKeys()).filter((key) => key.includes(uploadId))).toEqual([]);
  });

  test.each([
    ["UTF-16 LE content types", docxWithUtf16ContentTypes("le")],
    ["UTF-16 BE content types", docxWithUtf16ContentTypes("be")],
    ["relationships inside the package", docxWithInternalRelationships()],
  ])("a plain DOCX with %s is accepted", async (_case, bytes) => {
    expect((await send([{ name: "survey.docx", bytes }])).status).toBe(201);
  });

  test("a Word 97 document without macros is accepted", async () => {
    expect((await send([{ name: "old.doc", bytes: docWithMacros("WordDocument") }])).status).toBe(201);
  });
});

describe("invisible characters in names", () => {
  test("format characters (bidi controls, zero-width characters, soft hyphens) are removed before a name is stored or e-mailed", async () => {
    const email = `names.${Date.now()}@example.co.uk`;
    const response = await contact(
      quoteRequest({
        fields: { firstName: "Mo\u202Erag\u200B", lastName: "\u2066Mac\u00ADLeod\u2069\uFEFF", email },
      }),
      context(),
    );
    expect(response.status).toBe(201);
    const { id, reference } = (await response.json()) as { id: string; reference: string };
    await settle();

    const record = await readQuote(id);
    expect([record?.firstName, record?.lastName]).toEqual(["Morag", "MacLeod"]);
    const ownerMail = smtp.messages.find(
      (mail) => mail.envelope.to.includes(owner) && mail.parsed.subject?.includes(reference),
    )!;
    expect(ownerMail.parsed.subject).toMatch(/– Morag MacLeod$/);
    expect(ownerMail.parsed.subject).not.toMatch(/\p{Cf}/u);
    expect(ownerMail.parsed.text).toContain("Morag MacLeod");
    expect(ownerMail.parsed.text).not.toMatch(/\p{Cf}/u);
    expect(String(ownerMail.parsed.html)).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u00AD]/);
    expect(ownerMail.parsed.replyTo?.text).toContain("Morag MacLeod");
    const receipt = smtp.messages.find((mail) => mail.envelope.to.includes(email))!;
    expect(receipt.parsed.text).toMatch(/\bMorag\b/);
  });

  test("the form and the server count a name without its format characters", () => {
    const name = "\u202EA\u200B\u2066";
    expect(checkQuote({ ...VALID_FIELDS, firstName: name }).firstName).toEqual([QUOTE_MESSAGES.firstName]);
    const result = validateQuote({ ...VALID_FIELDS, firstName: name });
    expect(result.success ? null : result.fieldErrors.firstName).toEqual([QUOTE_MESSAGES.firstName]);
  });

  test("names stored before, with format characters, are cleaned in e-mail subjects and greetings", () => {
    expect(headerText("New quote request Q-ABC234: Roof repairs – Mo\u202Erag\u200B Mac\u2066Leod")).toBe(
      "New quote request Q-ABC234: Roof repairs – Morag MacLeod",
    );
    expect(plainName("\u2067Morag\u2069")).toBe("Morag");
    expect(customerName("Mo\u200Drag", "\u00ADMacLeod")).toBe("Morag MacLeod");
  });
});

describe("e-mail addresses that would break a mailto: link", () => {
  test.each([
    "morag?cc=victim%40evil.example@gmail.com",
    "morag&body=hello@gmail.com",
    "morag#x@gmail.com",
    "morag%40evil.example@gmail.com",
    "morag,victim@gmail.com",
    "morag;victim@gmail.com",
    ".morag@gmail.com",
    "mor..ag@gmail.com",
    "morag.@gmail.com",
  ])("%s is refused with the form's message and nothing is stored", async (email) => {
    await settle();
    const before = await storedKeys();
    const response = await contact(quoteRequest({ fields: { email } }), context());
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors.email).toEqual(["Please enter a valid email address"]);
    expect(await storedKeys()).toEqual(before);
    // The browser's check says the same.
    expect(checkQuote({ ...VALID_FIELDS, email }).email).toEqual([QUOTE_MESSAGES.email]);
  });

  test.each([
    "morag.macleod@gmail.com",
    "o'brien+roof@btinternet.com",
    "kirsty_2@example.co.uk",
    "jürgen@example.scot",
  ])("%s is still accepted by server and browser alike", (email) => {
    expect(validateQuote({ ...VALID_FIELDS, email }).success).toBe(true);
    expect(checkQuote({ ...VALID_FIELDS, email }).email).toBeUndefined();
  });

  test("a link to an address stored before the rule addresses that mailbox only", () => {
    expect(mailtoLink("morag?cc=victim%40evil.example@gmail.com")).toBe(
      "mailto:morag%3Fcc=victim%2540evil.example@gmail.com",
    );
    expect(mailtoLink("a&b@gmail.com", { subject: "Hi" })).toBe("mailto:a%26b@gmail.com?subject=Hi");
  });
});

/**
 * A minimal OLE compound file as Word 97-2003 writes it: the 512-byte header, then one directory
 * sector with the root entry and one storage named `storage` (a macro project lives in `Macros`).
 */
function docWithMacros(storage = "Macros"): Uint8Array {
  const bytes = new Uint8Array(512 * 3);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  const view = new DataView(bytes.buffer);
  const entry = (index: number, name: string, type: number) => {
    const at = 512 + index * 128;
    for (let i = 0; i < name.length; i++) view.setUint16(at + i * 2, name.charCodeAt(i), true);
    view.setUint16(at + 64, (name.length + 1) * 2, true);
    bytes[at + 66] = type;
  };
  entry(0, "Root Entry", 5);
  entry(1, storage, storage === "Macros" ? 1 : 2);
  return bytes;
}
