/**
 * Taking a quote request (POST /api/contact): checks, attachment bytes first, then the lead's row
 * and its due e-mails in one transaction (the commit point). A retried submit with the same
 * idempotency key stores nothing new.
 */
import { createHash, randomUUID } from "node:crypto";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "../../../src/lib/constants.ts";
import { QUOTE_FIELD_NAMES, QUOTE_MESSAGES } from "../../../src/lib/quote/rules.ts";
import { validateQuote } from "../../../src/lib/quote/schema.ts";
import { ADDRESS_FIELD_NAMES, checkLeadAddress } from "../../../src/lib/quote/address.ts";
import {
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  IDEMPOTENCY_KEY_PATTERN,
  MAX_REQUEST_BODY_BYTES,
  MIN_FILL_TIME_MS,
  UPLOAD_IDS_FIELD,
} from "../../../src/lib/quote/upload.ts";
import { parseLeadSourceField } from "../../../src/lib/lead-model.ts";
import { ESTIMATE_FIELD } from "../../../src/lib/price-guide/answers.ts";
import { SOURCE_FIELD } from "../../../src/lib/visit-source.ts";
import { acceptAttachment, cleanFileName } from "../uploads/file-types.ts";
import { HttpError } from "../http/http-error.ts";
import type { MultipartLimits, ParsedFile, ParsedForm } from "../http/multipart.ts";
import { initialNotifications } from "../mail/notification-state.ts";
import { checkEstimate } from "./estimate.ts";
import { newReference } from "./reference.ts";
import { saveAttachment } from "./attachment-store.ts";
import {
  claimIdempotencyKey,
  insertQuote,
  readIdempotencyKey,
  readQuote,
  type StoredAttachment,
  type QuoteRecord,
} from "./quote-store.ts";
import { chargeAttachments, type QuotaClient } from "../limits/upload-quota.ts";
import { chargeQuote, refundQuote } from "../limits/quote-quota.ts";
import { planQuoteMail } from "../limits/mail-limits.ts";
import { FILE_TOO_LARGE_MESSAGE, findLiveUpload } from "../uploads/uploads.ts";
import { claimUpload, deleteUpload, readFile } from "../uploads/uploads-store.ts";

export const ATTACHMENTS_FIELD = "attachments";
const TEXT_FIELDS: readonly string[] = [
  ...QUOTE_FIELD_NAMES,
  ...ADDRESS_FIELD_NAMES,
  HONEYPOT_FIELD,
  FILL_TIME_FIELD,
];
const KNOWN_FIELDS = new Set([...TEXT_FIELDS, UPLOAD_IDS_FIELD, SOURCE_FIELD, ESTIMATE_FIELD]);

export const TOO_FAST_MESSAGE = "The form was sent too quickly. Please wait a moment and try again.";

const tooManyFiles = () =>
  new HttpError(400, QUOTE_MESSAGES.attachments, { attachments: [QUOTE_MESSAGES.attachments] });

export const QUOTE_LIMITS: MultipartLimits = {
  maxBodyBytes: MAX_REQUEST_BODY_BYTES,
  // Room for more upload references than allowed, so the visitor gets the attachments message.
  maxFields: TEXT_FIELDS.length + 2 + 2 * MAX_ATTACHMENTS,
  maxFieldBytes: 20_000,
  fileFields: [ATTACHMENTS_FIELD],
  maxFiles: MAX_ATTACHMENTS,
  maxFileBytes: MAX_ATTACHMENT_BYTES,
  tooManyFiles: tooManyFiles(),
  fileTooLarge: new HttpError(413, FILE_TOO_LARGE_MESSAGE),
};

export interface QuoteReceipt {
  id: string;
  createdAt: string;
  /** What the customer quotes on the phone (docs/email.md, The reference). */
  reference: string;
}

/** A caller-supplied idempotency key, checked; null when none was sent. */
export function parseIdempotencyKey(value: string | null): string | null {
  if (value === null) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new HttpError(400, "Idempotency-Key must be 16-128 letters, digits, '-' or '_'");
  }
  return value;
}

function single(form: ParsedForm, name: string): string {
  const values = form.fields.get(name) ?? [];
  if (values.length > 1) throw new HttpError(400, `Field ${name} was sent more than once`);
  return values[0] ?? "";
}

/** What a file sent inline in the quote request becomes once checked. */
interface InlineAttachment {
  kind: "inline";
  name: string;
  type: string;
  bytes: Uint8Array;
}
interface UploadedAttachment {
  kind: "upload";
  uploadId: string;
}

function checkInlineFile(file: ParsedFile): InlineAttachment {
  // Browsers send '"' in multipart file names as %22 (WHATWG HTML "multipart/form-data encoding").
  const name = cleanFileName(file.filename.replace(/%22/g, '"'));
  if (!name) throw new HttpError(400, "Attachment file names may not contain folders or control characters");
  if (file.data.byteLength === 0) throw new HttpError(400, `${name} is empty`);
  const detected = acceptAttachment(name, file.data);
  return { kind: "inline", name, type: detected.mime, bytes: file.data };
}

/**
 * Checks and stores one quote request from `client` (client-key.ts). Honeypot hits are answered like
 * a success and stored nowhere. Each stored quote is charged to the client's quote quota
 * (quote-quota.ts); inline files to its attachment quota here, uploaded ones when their upload
 * started, and each goes into one quote only. The mail limits (mail-limits.ts) decide, once, what
 * the quote's e-mails may do.
 */
export async function takeQuote(
  form: ParsedForm,
  idempotencyKey: string | null,
  client: QuotaClient,
  now = Date.now(),
): Promise<QuoteReceipt & { stored: boolean }> {
  const unknown = [...form.fields.keys()].filter((name) => !KNOWN_FIELDS.has(name));
  if (unknown.length) throw new HttpError(400, `Unexpected field: ${unknown.join(", ")}`);

  if (single(form, HONEYPOT_FIELD) !== "") {
    return {
      id: randomUUID(),
      createdAt: new Date(now).toISOString(),
      reference: newReference(),
      stored: false,
    };
  }
  const fillTime = Number(single(form, FILL_TIME_FIELD) || NaN);
  if (!(fillTime >= MIN_FILL_TIME_MS)) throw new HttpError(400, TOO_FAST_MESSAGE);

  const uploadIds = form.fields.get(UPLOAD_IDS_FIELD) ?? [];
  if (new Set(uploadIds).size !== uploadIds.length)
    throw new HttpError(400, "The same upload was referenced twice");
  const fields = Object.fromEntries(QUOTE_FIELD_NAMES.map((name) => [name, single(form, name)]));
  const references: (InlineAttachment | UploadedAttachment)[] = [
    ...uploadIds.map((uploadId): UploadedAttachment => ({ kind: "upload", uploadId })),
    ...form.files.map(checkInlineFile),
  ];
  const result = validateQuote({ ...fields, attachments: references });
  const address = checkLeadAddress(
    Object.fromEntries(ADDRESS_FIELD_NAMES.map((name) => [name, single(form, name)])),
  );
  // The price guide's answers: the range is worked out here again, whatever the browser sent.
  const estimate = await checkEstimate(single(form, ESTIMATE_FIELD));
  if (!result.success || !estimate.ok || "fieldErrors" in address) {
    throw new HttpError(400, "Please correct the highlighted fields", {
      ...(result.success ? {} : result.fieldErrors),
      ...("fieldErrors" in address ? address.fieldErrors : {}),
      ...(estimate.ok ? {} : { estimate: [estimate.message] }),
    });
  }

  let id: string = randomUUID();
  let createdAt = new Date(now).toISOString();
  const hash = idempotencyKey ? createHash("sha256").update(idempotencyKey).digest("hex") : null;
  const storedBefore = async (
    quoteId: string | undefined,
  ): Promise<(QuoteReceipt & { stored: boolean }) | null> => {
    const existing = quoteId ? await readQuote(quoteId) : null;
    return existing
      ? { id: existing.id, createdAt: existing.createdAt, reference: existing.reference ?? "", stored: false }
      : null;
  };
  // A retry of a quote already stored answers as the first time did, and is charged nothing.
  if (hash) {
    const retried = await storedBefore((await readIdempotencyKey(hash))?.quoteId);
    if (retried) return retried;
  }

  const uploads = await Promise.all(
    references.map(async (reference) =>
      reference.kind === "upload" ? findLiveUpload(reference.uploadId, now) : null,
    ),
  );
  for (const upload of uploads) {
    if (upload && upload.status !== "complete")
      throw new HttpError(409, `Upload of ${upload.name} is not complete`);
  }
  // The quotas come before any write: a refused quote leaves nothing behind.
  await chargeQuote(client, now);
  try {
    await chargeAttachments(
      client,
      references.flatMap((reference) => (reference.kind === "inline" ? [reference.bytes.byteLength] : [])),
      now,
    );
  } catch (error) {
    await refundQuote(client, now).catch(() => undefined);
    throw error;
  }
  if (hash) {
    const claim = await claimIdempotencyKey(hash, { quoteId: id, createdAt });
    // A parallel retry stored it meanwhile.
    const retried = await storedBefore(claim.quoteId);
    if (retried) return retried;
    ({ quoteId: id, createdAt } = claim);
  }
  for (const upload of uploads) {
    if (upload && !(await claimUpload(upload.id, id)))
      throw new HttpError(409, `${upload.name} was already sent with another quote request`);
  }

  // Attachment ids are positions, so a retried submit overwrites instead of adding copies. Each is
  // recorded (attachment_files) before its bytes, so the clean-up finds them if the commit never comes.
  const attachments: StoredAttachment[] = [];
  for (const [index, reference] of references.entries()) {
    const attachmentId = String(index + 1);
    const upload = uploads[index];
    if (reference.kind === "inline") {
      const attachment = {
        id: attachmentId,
        name: reference.name,
        size: reference.bytes.byteLength,
        type: reference.type,
      };
      await saveAttachment(id, attachment, reference.bytes);
      attachments.push(attachment);
    } else if (upload) {
      const bytes = await readFile(upload.id);
      if (!bytes || !upload.type)
        throw new HttpError(410, `Upload of ${upload.name} expired; please attach the file again`);
      const attachment = { id: attachmentId, name: upload.name, size: bytes.byteLength, type: upload.type };
      await saveAttachment(id, attachment, bytes);
      attachments.push(attachment);
    }
  }

  const mailPlan = await planQuoteMail(client, id, result.data.email, now);
  const source = parseLeadSourceField(single(form, SOURCE_FIELD));
  const record: QuoteRecord = {
    id,
    createdAt,
    ...result.data,
    attachments,
    status: "new",
    reference: newReference(),
    notifications: initialNotifications(createdAt, mailPlan),
  };
  if (source) record.source = source;
  if (estimate.estimate) record.estimate = estimate.estimate;
  if (address.address) record.address = address.address;
  if (hash) record.idempotencyKeyHash = hash;
  // The commit point: the lead and the e-mails it makes due, in one transaction.
  const stored = await insertQuote(record, now);
  if (!stored.inserted) {
    // A parallel retry with the same key committed this quote first.
    const retried = await storedBefore(id);
    if (retried) return retried;
    throw new HttpError(409, "This quote request is being stored already; please try again in a moment.");
  }
  const reference = stored.reference ?? record.reference ?? "";

  for (const upload of uploads) {
    if (upload) await deleteUpload(upload.id).catch(() => undefined);
  }
  return { id, createdAt, reference, stored: true };
}
