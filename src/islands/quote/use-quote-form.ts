import { useEffect, useMemo, useRef, useState, type RefObject, type SubmitEvent } from "react";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "../../lib/constants";
import {
  checkQuote,
  QUOTE_FIELD_NAMES,
  QUOTE_MESSAGES,
  type QuoteFieldErrors,
  type QuoteFieldName,
  type QuoteFields,
} from "../../lib/quote/rules";
import { SERVICE_OPTIONS } from "../../lib/service-options";
import { toast } from "../../lib/toast-store";
import { clearDraft, emptyValues, loadDraft, saveDraft } from "./draft";
import { isQuotaRefusal, submitQuote } from "./submit-quote";
import { RequestError } from "./upload-client";

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
  const [honeypot, setHoneypot] = useState("");
  /** The server refused more files (quota, 429/503): the visitor should call or WhatsApp instead. */
  const [refused, setRefused] = useState(false);
  /** False in the server's HTML: until React runs, a native submit would put the quote in the URL. */
  const [ready, setReady] = useState(false);
  const idempotencyKey = useRef<string>("");

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- hydration flag and the draft from localStorage
    setReady(true);
    const draft = loadDraft();
    if (draft) {
      setValues(draft.values);
      setStartedAt(draft.startedAt);
      setTouched(
        Object.fromEntries(
          QUOTE_FIELD_NAMES.filter((name) => draft.values[name]).map((name) => [name, true]),
        ),
      );
    }
    // A "quote for …" link (e.g. on a town page) names the service: /contact?service=roughcasting.
    const linked = new URLSearchParams(window.location.search).get("service");
    if (SERVICE_OPTIONS.some((option) => option.value === linked)) {
      setValues((current) => ({ ...current, serviceRequired: linked ?? "" }));
    }
  }, []);

  const clientErrors = useMemo(() => checkQuote(values, files.length), [values, files]);
  /** The message a field shows: its rule's once touched or after a send, else the server's. */
  const errorFor = (name: QuoteFieldName | "attachments") => {
    const visible = name === "attachments" || touched[name] || submitAttempted;
    return (visible && clientErrors[name]?.[0]) || serverErrors[name]?.[0];
  };

  const update = (name: QuoteFieldName, value: string) => {
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
    if (picked.length > MAX_ATTACHMENTS) {
      toast({
        title: "Too many files",
        description: QUOTE_MESSAGES.tooManyFiles,
        variant: "destructive",
      });
      setFiles([]);
      return false;
    }
    if (picked.some((file) => file.size > MAX_ATTACHMENT_BYTES)) {
      toast({
        title: "Files too large",
        description: QUOTE_MESSAGES.fileTooLarge,
        variant: "destructive",
      });
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
    const first = [...QUOTE_FIELD_NAMES, "attachments" as const].find((name) => errors[name]?.length);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === "sending") return;
    setSubmitAttempted(true);
    if (Object.keys(clientErrors).length > 0) {
      focusFirstInvalid(clientErrors);
      return;
    }
    setStatus("sending");
    setRefused(false);
    idempotencyKey.current ||= newKey();
    try {
      const sentReference = await submitQuote({
        values,
        files,
        honeypot,
        startedAt,
        idempotencyKey: idempotencyKey.current,
        onProgress: (item, sent) => setFileState(item.key, { sent }),
        onUploaded: (item, uploadId) => setFileState(item.key, { uploadId, sent: item.file.size }),
      });
      setReference(sentReference);
      clearDraft();
      idempotencyKey.current = "";
      toast({
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
      if (error instanceof RequestError) {
        // Unknown or expired uploads: send those files again on the next try.
        if (error.status === 404 || error.status === 410) {
          setFiles((current) => current.map((item) => ({ ...item, uploadId: undefined, sent: 0 })));
        }
        if (error.fieldErrors) {
          setServerErrors(error.fieldErrors);
          focusFirstInvalid(error.fieldErrors);
        }
      }
      const quota = isQuotaRefusal(error);
      setRefused(quota);
      const message = error instanceof Error ? error.message : String(error);
      toast({
        title: "Error",
        // A quota refusal already says what to do instead; trying again would not help.
        description: `Failed to send quote request: ${message}${quota ? "" : ". Please try again."}`,
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
    honeypot,
    setHoneypot,
    status,
    ready,
    refused,
    reference,
    submit,
    sendAnother,
  };
}
