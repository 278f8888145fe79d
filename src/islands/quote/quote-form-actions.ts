/**
 * What the quote form does, as opposed to what it shows (./use-quote-form.ts, ./QuoteForm.tsx):
 * take or refuse the picked files, send the quote and take in the server's answer. Loaded at the
 * first focus in the form (./load-later.ts); each action changes the form through its handle.
 */
import { ADDRESS_FIELD_NAMES, checkLeadAddress, type AddressFieldName } from "../../lib/quote/address";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "../../lib/constants";
import { checkQuote, QUOTE_FIELD_NAMES, QUOTE_MESSAGES, type QuoteFieldErrors } from "../../lib/quote/rules";
import { HONEYPOT_FIELD } from "../../lib/quote/upload";
import { notify, prepareToaster } from "../toast/toast-on-demand";
import { clearDraft, emptyValues } from "./draft";
import { describeFailure, submitQuote, type QuoteFailure } from "./submit-quote";
import type { ChosenFile, QuoteFormHandle } from "./quote-form-state";

const newKey = () => crypto.randomUUID();

/** Loads what the actions show later (the toaster), so it is there even if the connection drops. */
export const prepare = prepareToaster;

function focusFirstInvalid({ form }: QuoteFormHandle, errors: QuoteFieldErrors) {
  const first = [...QUOTE_FIELD_NAMES, "attachments" as const].find((name) => errors[name]?.length);
  if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/** Takes the picked files; refuses the whole pick (false) when there are too many or one is too large. */
export function chooseFiles({ change }: QuoteFormHandle, picked: File[]): boolean {
  const refusal =
    picked.length > MAX_ATTACHMENTS
      ? { title: "Too many files", description: QUOTE_MESSAGES.tooManyFiles }
      : picked.some((file) => file.size > MAX_ATTACHMENT_BYTES)
        ? { title: "Files too large", description: QUOTE_MESSAGES.fileTooLarge }
        : null;
  if (refusal) {
    notify({ ...refusal, variant: "destructive" });
    change({ files: [] });
    return false;
  }
  change(({ serverErrors: { attachments: _dropped, ...rest } }) => ({
    files: picked.map((file) => ({ key: newKey(), file, sent: 0 })),
    serverErrors: rest,
  }));
  return true;
}

function fileChange({ change }: QuoteFormHandle, key: string, update: Partial<ChosenFile>) {
  change(({ files }) => ({ files: files.map((item) => (item.key === key ? { ...item, ...update } : item)) }));
}

function failed(handle: QuoteFormHandle, failure: QuoteFailure) {
  const { change } = handle;
  if (failure.uploadsLost) {
    // The server no longer knows the uploads: send those files again on the next try.
    change(({ files }) => ({ files: files.map((item) => ({ ...item, uploadId: undefined, sent: 0 })) }));
  }
  if (failure.fieldErrors) {
    change({ serverErrors: failure.fieldErrors });
    focusFirstInvalid(handle, failure.fieldErrors);
  }
  notify({
    title: "Error",
    // A quota refusal already says what to do instead; trying again would not help.
    description: `Failed to send quote request: ${failure.message}${failure.quota ? "" : ". Please try again."}`,
    variant: "destructive",
  });
  change({ refused: failure.quota, status: "editing" });
}

/** Checks the quote; when it passes, uploads the files and posts it, then shows the answer. */
export async function send(handle: QuoteFormHandle): Promise<void> {
  const { state, change, form, idempotencyKey } = handle;
  change({ submitAttempted: true });
  const errors = checkQuote(state.values, state.files.length);
  if (Object.keys(errors).length > 0) return focusFirstInvalid(handle, errors);
  // The address's parts are optional; a part given must hold, with the visit page's messages.
  const typed = (name: AddressFieldName) =>
    form.current?.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value ?? "";
  const address = checkLeadAddress({
    addressLine1: typed("addressLine1"),
    town: typed("town"),
    postcode: typed("postcode"),
  });
  if ("fieldErrors" in address) {
    change(({ serverErrors }) => ({ serverErrors: { ...serverErrors, ...address.fieldErrors } }));
    const first = ADDRESS_FIELD_NAMES.find((name) => address.fieldErrors[name]);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
    return;
  }
  change({ status: "sending", refused: null });
  idempotencyKey.current ||= newKey();
  try {
    const reference = await submitQuote({
      values: state.values,
      address: address.address,
      files: state.files,
      honeypot: form.current?.querySelector<HTMLInputElement>(`[name="${HONEYPOT_FIELD}"]`)?.value ?? "",
      startedAt: state.startedAt,
      idempotencyKey: idempotencyKey.current,
      onProgress: (item, sent) => fileChange(handle, item.key, { sent }),
      onUploaded: (item, uploadId) => fileChange(handle, item.key, { uploadId, sent: item.file.size }),
    });
    clearDraft();
    idempotencyKey.current = "";
    notify({
      title: "Quote Request Sent!",
      description: "We'll get back to you within 24 hours with your free quote.",
    });
    change({
      reference,
      values: emptyValues(),
      files: [],
      touched: {},
      submitAttempted: false,
      startedAt: null,
      status: "sent",
    });
  } catch (error) {
    failed(handle, describeFailure(error));
  }
}

/** Back from the Thank You panel to the empty form, the focus in its first field. */
export function sendAnother({ change, form }: QuoteFormHandle): void {
  change({ status: "editing" });
  requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[name="firstName"]')?.focus());
}
