/** Requests and file contents for the quote function tests. */
import { getStore } from "@netlify/blobs";
import { randomBytes } from "node:crypto";
import { readQuotes, type QuoteRecord } from "../../netlify/lib/quote/quote-store.ts";
import { queryRecords } from "./database.ts";
import { docx } from "./zip-fixture.ts";

export const BASE = "http://localhost";

export const VALID_FIELDS = {
  firstName: "Morag",
  lastName: "MacLeod",
  email: "morag@example.co.uk",
  phone: "07700 900123",
  serviceRequired: "roof-repairs",
  message: "Two slates slipped in the storm; can you have a look?",
} as const;

const withFiller = (head: number[], size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(randomBytes(size));
  bytes.set(head, 0);
  return bytes;
};
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export const files = {
  jpeg: (size = 2048) => withFiller([0xff, 0xd8, 0xff, 0xe0], size),
  png: (size = 2048) => withFiller([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size),
  pdf: (size = 2048) => withFiller(ascii("%PDF-1.7\n"), size),
  doc: (size = 2048) => withFiller([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], size),
  docx: (size = 2048) => docx(size),
  exe: (size = 2048) => withFiller(ascii("MZ\x90\x00"), size),
  svg: () =>
    new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
};

export interface QuoteOptions {
  fields?: Record<string, string | undefined>;
  extra?: [string, string][];
  attachments?: {
    name: string;
    bytes: Uint8Array;
    type?: string;
  }[];
  /** The visitor's address, as the edge reports it (the per-client quotas key on it). */
  clientIp?: string;
  uploadIds?: string[];
  fillTimeMs?: string | null;
  idempotencyKey?: string;
}

/** A multipart quote request as the browser builds it. */
export function quoteRequest(options: QuoteOptions = {}): Request {
  const form = new FormData();
  const fields = { ...VALID_FIELDS, ...options.fields };
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (options.fillTimeMs !== null) form.append("fillTimeMs", options.fillTimeMs ?? "15000");
  form.append("website", "");
  for (const id of options.uploadIds ?? []) form.append("uploadIds", id);
  for (const [name, value] of options.extra ?? []) form.append(name, value);
  for (const file of options.attachments ?? []) {
    form.append(
      "attachments",
      new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? "" }),
      file.name,
    );
  }
  const headers = new Headers();
  if (options.idempotencyKey) headers.set("Idempotency-Key", options.idempotencyKey);
  if (options.clientIp) headers.set("x-nf-client-connection-ip", options.clientIp);
  return new Request(`${BASE}/api/contact`, { method: "POST", body: form, headers });
}

let visitors = 0;
/** A new visitor's address each call: for tests that send more quotes than one visitor may. */
export function nextVisitorIp(): string {
  visitors += 1;
  return `198.19.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`;
}

/** A raw request, for bodies FormData would never produce. */
export function rawRequest(
  body: BodyInit | null,
  contentType: string | null,
  method = "POST",
  path = "/api/contact",
) {
  const headers = new Headers();
  if (contentType) headers.set("content-type", contentType);
  return new Request(`${BASE}${path}`, { method, body, headers, duplex: "half" } as RequestInit);
}

/** Every key in the two quote stores: what "stores nothing" is checked against. */
export async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for (const name of ["quote-submissions", "quote-uploads"]) {
    const { blobs } = await getStore({ name, consistency: "strong" }).list();
    keys.push(...blobs.map((blob) => `${name}:${blob.key}`));
  }
  // The records: a `leads` row per stored quote, the idempotency keys claimed, the uploads' records.
  for (const row of await queryRecords<{ id: string }>("SELECT id FROM leads"))
    keys.push(`leads:submissions/${row.id}`);
  for (const row of await queryRecords<{ id: string }>("SELECT id FROM uploads"))
    keys.push(`uploads:${row.id}`);
  for (const row of await queryRecords<{ key_hash: string }>("SELECT key_hash FROM idempotency_keys"))
    keys.push(`idempotency_keys:${row.key_hash}`);
  return keys.sort();
}

export const quoteKeys = async () => (await storedKeys()).filter((key) => key.startsWith("leads:"));

/** Every stored quote record. */
export async function storedQuotes(): Promise<QuoteRecord[]> {
  const ids = await queryRecords<{ id: string }>("SELECT id FROM leads");
  return readQuotes(ids.map((row) => row.id));
}

/** The ids of the leads with an e-mail still pending: what the scheduled sender will look at. */
export async function leadsWithPendingMail(): Promise<string[]> {
  const rows = await queryRecords<{ lead_id: string }>(
    "SELECT DISTINCT lead_id FROM mail_jobs WHERE status = 'pending'",
  );
  return rows.map((row) => row.lead_id);
}
