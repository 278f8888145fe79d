import { useCallback, useEffect, useMemo, useRef, useState, type RefObject, type SubmitEvent } from "react";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "../../lib/constants";
import type { QuoteFieldErrors, QuoteFieldName, QuoteFields } from "../../lib/quote/rules";
import { HONEYPOT_FIELD } from "../../lib/quote/upload";
import { SERVICE_OPTIONS } from "../../lib/service-options";
import { notify, prepareToaster } from "../toast/toast-on-demand";
import { clearDraft, emptyValues, loadDraft, saveDraft } from "./draft";
import { loadRules, loadSend, loadTheRest, loadThankYouPanel, type Rules, type Send } from "./load-later";
import { QUOTE_FORM_FIELD_NAMES } from "./quote-fields";
import type { QuoteFailure } from "./submit-quote";

/** A file the visitor chose, with its upload progress. */
export interface ChosenFile {
  key: string;
  file: File;
  sent: number;
  /** Set once the file is uploaded, so a retried send does not upload it again. */
  uploadId?: string;
}

export type QuoteStatus = "editing" | "sending" | "sent";

const newKey = () => crypto.randomUUID();

/**
 * The quote form's state and steps: the typed values (kept as a draft), which fields show their
 * message, the chosen files, and the send (editing → sending → sent, or back to editing with a
 * toast). `form` is the rendered form, for moving the focus to a field.
 * `prepare` (at the first focus in the form) loads what only a visitor who acts needs
 * (./load-later.ts): until the rules arrive no field shows a message, and a send waits for them.
 */
export function useQuoteForm(form: RefObject<HTMLFormElement | null>) {
  const [values, setValues] = useState<QuoteFields>(emptyValues);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [touched, setTouched] = useState<Partial<Record<QuoteFieldName, boolean>>>({});
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<QuoteFieldErrors>({});
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [status, setStatus] = useState<QuoteStatus>("editing");
  /** The quote reference from the 201 answer, shown on the Thank You panel. */
  const [reference, setReference] = useState("");
  /** The server refused more files (quota, 429/503): the visitor should call or WhatsApp instead. */
  const [refused, setRefused] = useState(false);
  /** False in the server's HTML: until React runs, a native submit would put the quote in the URL. */
  const [ready, setReady] = useState(false);
  const idempotencyKey = useRef<string>("");
  const [rules, setRules] = useState<Rules | null>(null);
  const started = useRef(false);

  /** The visitor started: load the rest of the form, so it is there when needed (even offline). */
  const prepare = useCallback(() => {
    if (started.current) return;
    started.current = true;
    loadRules().then(setRules, () => {
      started.current = false;
    });
    prepareToaster();
    loadTheRest().catch(() => undefined);
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- hydration flag and the draft from localStorage
    setReady(true);
    const draft = loadDraft();
    if (draft) {
      prepare();
      setValues(draft.values);
      setStartedAt(draft.startedAt);
      setTouched(
        Object.fromEntries(
          QUOTE_FORM_FIELD_NAMES.filter((name) => draft.values[name]).map((name) => [name, true]),
        ),
      );
    }
    // A "quote for …" link (e.g. on a town page) names the service: /contact?service=roughcasting.
    const linked = new URLSearchParams(window.location.search).get("service");
    if (SERVICE_OPTIONS.some((option) => option.value === linked)) {
      setValues((current) => ({ ...current, serviceRequired: linked ?? "" }));
    }
  }, [prepare]);

  const clientErrors = useMemo(() => rules?.checkQuote(values, files.length) ?? {}, [rules, values, files]);
  /** The message a field shows: its rule's once touched or after a send, else the server's. */
  const errorFor = (name: QuoteFieldName | "attachments") => {
    const visible = name === "attachments" || touched[name] || submitAttempted;
    return (visible && clientErrors[name]?.[0]) || serverErrors[name]?.[0];
  };

  const update = (name: QuoteFieldName, value: string) => {
    prepare();
    const next = { ...values, [name]: value };
    const start = startedAt ?? Date.now();
    setValues(next);
    setStartedAt(start);
    setTouched((t) => ({ ...t, [name]: true }));
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
    saveDraft({ values: next, startedAt: start });
  };

  /** Takes the picked files; refuses the whole pick (false) when there are too many or one is too large. */
  const chooseFiles = (picked: File[]): boolean => {
    prepare();
    const refusal =
      picked.length > MAX_ATTACHMENTS
        ? (["Too many files", "tooManyFiles"] as const)
        : picked.some((file) => file.size > MAX_ATTACHMENT_BYTES)
          ? (["Files too large", "fileTooLarge"] as const)
          : null;
    if (refusal) {
      const [title, message] = refusal;
      loadRules().then(
        ({ QUOTE_MESSAGES }) =>
          notify({ title, description: QUOTE_MESSAGES[message], variant: "destructive" }),
        () => undefined,
      );
      setFiles([]);
      return false;
    }
    setFiles(picked.map((file) => ({ key: newKey(), file, sent: 0 })));
    setServerErrors(({ attachments: _dropped, ...rest }) => rest);
    return true;
  };

  const removeFile = (key: string) => setFiles((current) => current.filter((item) => item.key !== key));

  const setFileState = (key: string, change: Partial<ChosenFile>) =>
    setFiles((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const focusFirstInvalid = (errors: QuoteFieldErrors) => {
    const first = [...QUOTE_FORM_FIELD_NAMES, "attachments" as const].find((name) => errors[name]?.length);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === "sending") return;
    setSubmitAttempted(true);
    prepare();
    let send: Send | undefined;
    try {
      const errors = (rules ?? (await loadRules())).checkQuote(values, files.length);
      if (Object.keys(errors).length > 0) {
        focusFirstInvalid(errors);
        return;
      }
      setStatus("sending");
      setRefused(false);
      idempotencyKey.current ||= newKey();
      [send] = await Promise.all([loadSend(), loadThankYouPanel()]);
      const sentReference = await send.submitQuote({
        values,
        files,
        honeypot: form.current?.querySelector<HTMLInputElement>(`[name="${HONEYPOT_FIELD}"]`)?.value ?? "",
        startedAt,
        idempotencyKey: idempotencyKey.current,
        onProgress: (item, sent) => setFileState(item.key, { sent }),
        onUploaded: (item, uploadId) => setFileState(item.key, { uploadId, sent: item.file.size }),
      });
      setReference(sentReference);
      clearDraft();
      idempotencyKey.current = "";
      notify({
        title: "Quote Request Sent!",
        description: "We'll get back to you within 24 hours with your free quote.",
      });
      setValues(emptyValues());
      setFiles([]);
      setTouched({});
      setSubmitAttempted(false);
      setStartedAt(null);
      setStatus("sent");
    } catch (error) {
      // `send` is missing only when loading it was what failed.
      const failure: QuoteFailure = send
        ? send.describeFailure(error)
        : {
            message: error instanceof Error ? error.message : String(error),
            uploadsLost: false,
            quota: false,
          };
      if (failure.uploadsLost) {
        setFiles((current) => current.map((item) => ({ ...item, uploadId: undefined, sent: 0 })));
      }
      if (failure.fieldErrors) {
        setServerErrors(failure.fieldErrors);
        focusFirstInvalid(failure.fieldErrors);
      }
      setRefused(failure.quota);
      notify({
        title: "Error",
        // A quota refusal already says what to do instead; trying again would not help.
        description: `Failed to send quote request: ${failure.message}${failure.quota ? "" : ". Please try again."}`,
        variant: "destructive",
      });
      setStatus("editing");
    }
  };

  /** Back from the Thank You panel to an empty form, the focus in its first field. */
  const sendAnother = () => {
    setStatus("editing");
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[name="firstName"]')?.focus());
  };

  return {
    values,
    update,
    errorFor,
    files,
    chooseFiles,
    removeFile,
    status,
    ready,
    refused,
    reference,
    submit,
    sendAnother,
    prepare,
  };
}
