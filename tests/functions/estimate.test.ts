/**
 * POST /api/contact with the price guide's `estimate` field, against a real Blobs server: the range
 * is worked out again by the server from content/price-guide.yaml and stored with the quote; a
 * price sent by the browser changes nothing; answers the guide does not know are a 400 with
 * `fieldErrors.estimate` and nothing is stored.
 */
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import handler from "../../netlify/functions/contact.mts";
import { ownerEmail, receiptEmail } from "../../netlify/lib/mail/emails/quote-emails.tsx";
import { readQuote } from "../../netlify/lib/quote/quote-store.ts";
import { PriceGuideSchema } from "../../src/lib/price-guide/guide-schema.ts";
import { computeBand, type GuideBand } from "../../src/lib/price-guide/band.ts";
import { rangeText } from "../../src/lib/price-guide/format.ts";
import { useBlobs } from "./blobs.ts";
import { quoteRequest, storedKeys } from "./quote-fixtures.ts";

useBlobs();

const guide = PriceGuideSchema.parse(
  (parse(readFileSync("content/price-guide.yaml", "utf8")) as { guide: unknown }).guide,
);

/** Complete answers for the first job of the guide that has every question, and its range. */
const job = guide.jobs.find(
  (candidate) => candidate.finish && candidate.usesStoreys && candidate.usesAccess,
)!;
const answers = {
  job: job.id,
  property: "semi",
  storeys: guide.storeys.at(-1)!.id,
  access: guide.access.at(-1)!.id,
  finish: job.finish!.choices.find((choice) => !choice.photosNeeded)!.id,
};
const expected = (() => {
  const result = computeBand(guide, answers);
  if (!result.ok) throw new Error(result.message);
  return result.band;
})();
const stored = (band: GuideBand) => ({
  job: band.job,
  label: band.label,
  details: band.details,
  answers: band.answers,
  low: band.low,
  high: band.high,
  photosNeeded: band.photosNeeded,
  reviewed: band.reviewed,
});

const withEstimate = (estimate: string, fields: Record<string, string> = {}) =>
  quoteRequest({ fields, extra: [["estimate", estimate]] });

describe("a quote that comes through the price guide", () => {
  test("stores the range the server works out, with the answers, label and review date", async () => {
    const response = await handler(withEstimate(JSON.stringify(answers)));
    expect(response.status).toBe(201);
    const record = await readQuote((await response.json()).id);
    expect(record?.estimate).toEqual(stored(expected));
    expect(record?.estimate?.high).toBeGreaterThan(record!.estimate!.low);
  });

  test("ignores any price the browser sends: low, high, a total, a whole band", async () => {
    const forged = {
      ...answers,
      low: 1,
      high: 2,
      price: "£1",
      band: { low: 1, high: 2 },
      estimate: { low: 1, high: 2 },
    };
    const response = await handler(withEstimate(JSON.stringify(forged)));
    expect(response.status).toBe(201);
    const record = await readQuote((await response.json()).id);
    expect(record?.estimate).toEqual(stored(expected));
  });

  test("a job that needs photos is stored as a 'from' price", async () => {
    const photoJob = guide.jobs.find((candidate) => candidate.bands.semi.photosNeeded);
    if (!photoJob) return;
    const photoAnswers = {
      job: photoJob.id,
      property: "semi",
      ...(photoJob.usesStoreys ? { storeys: guide.storeys[0]!.id } : {}),
      ...(photoJob.usesAccess ? { access: guide.access[0]!.id } : {}),
      ...(photoJob.finish ? { finish: photoJob.finish.choices[0]!.id } : {}),
    };
    const response = await handler(withEstimate(JSON.stringify(photoAnswers)));
    expect(response.status).toBe(201);
    const record = await readQuote((await response.json()).id);
    expect(record?.estimate).toMatchObject({ job: photoJob.id, high: null, photosNeeded: true });
  });

  test("without an estimate the quote has none", async () => {
    const response = await handler(quoteRequest());
    expect(response.status).toBe(201);
    const record = await readQuote((await response.json()).id);
    expect(record).not.toHaveProperty("estimate");
  });
});

describe("answers the guide cannot price are refused and nothing is stored", () => {
  test.each([
    ["an unknown job", JSON.stringify({ ...answers, job: "demolition" }), 'no job "demolition"'],
    ["an unknown property type", JSON.stringify({ ...answers, property: "castle" }), "castle"],
    ["an unknown storeys choice", JSON.stringify({ ...answers, storeys: "ten" }), "ten"],
    ["an unknown access choice", JSON.stringify({ ...answers, access: "by-air" }), "by-air"],
    ["an unknown finish", JSON.stringify({ ...answers, finish: "gold-leaf" }), "gold-leaf"],
    ["a missing answer", JSON.stringify({ job: answers.job, property: "semi" }), "Answer every question"],
    ["only a price", JSON.stringify({ low: 1, high: 2 }), "Choose what needs doing"],
    ["text that is not JSON", "roughcast please", "could not be read"],
    ["a JSON list", JSON.stringify([answers]), "could not be read"],
    ["a JSON string", JSON.stringify("roughcast"), "could not be read"],
    ["an over-long value", JSON.stringify({ ...answers, padding: "x".repeat(2000) }), "could not be read"],
  ])("%s", async (_name, estimate, message) => {
    const before = await storedKeys();
    const response = await handler(withEstimate(estimate));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(Object.keys(body.fieldErrors)).toEqual(["estimate"]);
    expect(body.fieldErrors.estimate[0]).toContain(message);
    expect(await storedKeys()).toEqual(before);
  });

  test("the estimate's error comes with the other fields' errors", async () => {
    const response = await handler(withEstimate(JSON.stringify({ job: "demolition" }), { firstName: "M" }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["estimate", "firstName"]);
  });

  test("an estimate sent twice is refused", async () => {
    const request = quoteRequest({
      extra: [
        ["estimate", JSON.stringify(answers)],
        ["estimate", JSON.stringify(answers)],
      ],
    });
    expect((await handler(request)).status).toBe(400);
  });
});

describe("the owner's e-mail", () => {
  const settings = {
    smtpUrl: null,
    from: "quotes@example.co.uk",
    ownerEmail: "owner@example.co.uk",
    siteUrl: "https://example.co.uk",
  };

  test("shows the guide the visitor saw; the customer's receipt does not", async () => {
    const response = await handler(withEstimate(JSON.stringify(answers)));
    const record = (await readQuote((await response.json()).id))!;
    const quote = { ...record, reference: record.reference ?? "" };
    const mail = await ownerEmail(quote, settings);
    expect(mail.text).toContain(`Guide shown: ${rangeText(expected)}`);
    expect(mail.text).toContain(expected.details);
    expect(mail.html).toContain("Guide shown:");
    const receipt = await receiptEmail(quote, settings);
    expect(receipt?.text).not.toContain("Guide shown");
  });

  test("says nothing of a guide when the quote has none", async () => {
    const response = await handler(quoteRequest());
    const record = (await readQuote((await response.json()).id))!;
    const mail = await ownerEmail({ ...record, reference: record.reference ?? "" }, settings);
    expect(mail.text).not.toContain("Guide shown");
    expect(mail.text).not.toContain("Price guide");
  });
});
