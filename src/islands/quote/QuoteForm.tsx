import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type SubmitEvent,
  type ReactNode,
} from "react";
import { formatFileSize } from "../../lib/file-size";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENT_MB, MAX_ATTACHMENTS } from "../../lib/constants";
import {
  checkQuote,
  QUOTE_FIELD_NAMES,
  QUOTE_MESSAGES,
  type QuoteFieldErrors,
  type QuoteFieldName,
  type QuoteFields,
} from "../../lib/quote/rules";
import { ATTACHMENT_ACCEPT, HONEYPOT_FIELD } from "../../lib/quote/upload";
import { SERVICE_OPTIONS } from "../../lib/service-options";
import { toast } from "../../lib/toast-store";
import { clearDraft, emptyValues, loadDraft, saveDraft } from "./draft";
import { isQuotaRefusal, submitQuote } from "./submit-quote";
import { QuoteSendError } from "./upload-client";

interface ChosenFile {
  key: string;
  file: File;
  sent: number;
  /** Set once the file is uploaded, so a retried send does not upload it again. */
  uploadId?: string;
}

type Status = "editing" | "sending" | "sent";

const newKey = () => crypto.randomUUID();

/** Where to send a visitor whose files the site cannot take (content/business.yaml). */
interface Props {
  phone?: string;
  phoneHref?: string;
  whatsappHref?: string;
}

/** The free-quote form on /contact (docs/spec.md, Contact and Validation; docs/uploads.md). */
export default function QuoteForm({ phone, phoneHref, whatsappHref }: Props) {
  const id = useId();
  const [values, setValues] = useState<QuoteFields>(emptyValues);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [touched, setTouched] = useState<Partial<Record<QuoteFieldName, boolean>>>({});
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<QuoteFieldErrors>({});
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [status, setStatus] = useState<Status>("editing");
  /** The quote reference from the 201 answer (docs/email.md), shown on the Thank You panel. */
  const [reference, setReference] = useState("");
  const [honeypot, setHoneypot] = useState("");
  /** The server refused more files (quota, 429/503): the visitor should call or WhatsApp instead. */
  const [refused, setRefused] = useState(false);
  /** False in the server's HTML: until React runs, a native submit would put the quote in the URL. */
  const [ready, setReady] = useState(false);
  const idempotencyKey = useRef<string>("");
  const fileInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const thanksHeading = useRef<HTMLHeadingElement>(null);

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

  useEffect(() => {
    if (status === "sent") thanksHeading.current?.focus();
  }, [status]);

  const clientErrors = useMemo(() => checkQuote(values, files.length), [values, files]);
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

  const clearFileInput = () => {
    if (fileInput.current) fileInput.current.value = "";
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    if (picked.length > MAX_ATTACHMENTS) {
      toast({
        title: "Too many files",
        description: QUOTE_MESSAGES.tooManyFiles,
        variant: "destructive",
      });
      setFiles([]);
      clearFileInput();
      return;
    }
    if (picked.some((file) => file.size > MAX_ATTACHMENT_BYTES)) {
      toast({
        title: "Files too large",
        description: QUOTE_MESSAGES.fileTooLarge,
        variant: "destructive",
      });
      setFiles([]);
      clearFileInput();
      return;
    }
    setFiles(picked.map((file) => ({ key: newKey(), file, sent: 0 })));
    setServerErrors(({ attachments: _dropped, ...rest }) => rest);
  };

  const removeFile = (key: string) => {
    setFiles((current) => current.filter((item) => item.key !== key));
    clearFileInput();
  };

  const setFileState = (key: string, change: Partial<ChosenFile>) =>
    setFiles((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const focusFirstInvalid = (errors: QuoteFieldErrors) => {
    const first = [...QUOTE_FIELD_NAMES, "attachments" as const].find((name) => errors[name]?.length);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
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
      if (error instanceof QuoteSendError) {
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

  const sendAnother = () => {
    setStatus("editing");
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[name="firstName"]')?.focus());
  };

  if (status === "sent") {
    return (
      <div className="mt-6 rounded-xl border border-green-200 bg-green-50 p-8 text-center">
        <svg className="mx-auto size-12 text-green-700" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="2" />
          <path d="M7 12.5l3 3 7-7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <h3 ref={thanksHeading} tabIndex={-1} className="mt-4 text-2xl font-bold text-green-900 outline-none">
          Thank You!
        </h3>
        <p className="mt-2 text-slate-700">
          Your quote request has been sent. We&apos;ll get back to you within 24 hours with your free quote.
        </p>
        {reference && (
          <p className="mt-4 text-slate-700">
            Your reference:{" "}
            <strong className="font-mono text-lg tracking-wider text-slate-900">{reference}</strong>
            <br />
            Please quote it if you call us.
          </p>
        )}
        <button
          type="button"
          onClick={sendAnother}
          // buttonSecondary's look, inline: the shared button module's chunk would put /contact over its JavaScript budget.
          className="mt-6 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900"
        >
          Send Another Request
        </button>
      </div>
    );
  }

  const sending = status === "sending";
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  const describe = (name: QuoteFieldName) => ({
    id: fieldId(name),
    name,
    "aria-invalid": errorFor(name) ? true : undefined,
    "aria-describedby": errorFor(name) ? errorId(name) : undefined,
    "aria-required": true,
    disabled: sending,
  });
  const inputClass =
    "mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 disabled:bg-slate-100 aria-invalid:border-red-700";

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="mt-6 space-y-5"
      aria-busy={sending}
    >
      <p className="text-sm text-slate-600">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="First Name"
          htmlFor={fieldId("firstName")}
          error={errorFor("firstName")}
          errorId={errorId("firstName")}
        >
          <input
            {...describe("firstName")}
            autoComplete="given-name"
            value={values.firstName}
            onChange={(e) => update("firstName", e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field
          label="Last Name"
          htmlFor={fieldId("lastName")}
          error={errorFor("lastName")}
          errorId={errorId("lastName")}
        >
          <input
            {...describe("lastName")}
            autoComplete="family-name"
            value={values.lastName}
            onChange={(e) => update("lastName", e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field
          label="Email Address"
          htmlFor={fieldId("email")}
          error={errorFor("email")}
          errorId={errorId("email")}
        >
          <input
            {...describe("email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={(e) => update("email", e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field
          label="Phone Number"
          htmlFor={fieldId("phone")}
          error={errorFor("phone")}
          errorId={errorId("phone")}
        >
          <input
            {...describe("phone")}
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={(e) => update("phone", e.target.value)}
            className={inputClass}
          />
        </Field>
      </div>
      <Field
        label="Service Required"
        htmlFor={fieldId("serviceRequired")}
        error={errorFor("serviceRequired")}
        errorId={errorId("serviceRequired")}
      >
        <select
          {...describe("serviceRequired")}
          value={values.serviceRequired}
          onChange={(e) => update("serviceRequired", e.target.value)}
          className={inputClass}
        >
          <option value="">Select a service</option>
          {SERVICE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Message"
        htmlFor={fieldId("message")}
        error={errorFor("message")}
        errorId={errorId("message")}
      >
        <textarea
          {...describe("message")}
          rows={5}
          placeholder="Tell us about your roof: what needs doing, where the property is and how soon."
          value={values.message}
          onChange={(e) => update("message", e.target.value)}
          className={`${inputClass} min-h-32`}
        />
      </Field>

      <div>
        <label htmlFor={fieldId("attachments")} className="block font-medium text-slate-900">
          Photos or documents (optional)
        </label>
        <p id={`${id}-attachments-hint`} className="text-sm text-slate-600">
          Up to {MAX_ATTACHMENTS} files, each under {MAX_ATTACHMENT_MB}MB: images, PDF or Word documents.
        </p>
        <input
          ref={fileInput}
          id={fieldId("attachments")}
          name="attachments"
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          disabled={sending}
          onChange={onFiles}
          aria-invalid={errorFor("attachments") ? true : undefined}
          aria-describedby={`${id}-attachments-hint${errorFor("attachments") ? ` ${errorId("attachments")}` : ""}`}
          className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
        />
        {errorFor("attachments") && (
          <p id={errorId("attachments")} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {errorFor("attachments")}
          </p>
        )}
        {files.length > 0 && (
          <ul
            aria-label="Chosen files"
            className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200"
          >
            {files.map((item) => (
              <li key={item.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{item.file.name}</span>
                <span className="text-sm text-slate-600">{formatFileSize(item.file.size)}</span>
                {sending || item.uploadId ? (
                  <progress
                    className="h-2 w-full accent-brand-700"
                    max={item.file.size || 1}
                    value={item.uploadId ? item.file.size : item.sent}
                    aria-label={`Upload progress for ${item.file.name}`}
                  />
                ) : null}
                <button
                  type="button"
                  onClick={() => removeFile(item.key)}
                  disabled={sending}
                  aria-label={`Remove ${item.file.name}`}
                  className="inline-flex min-h-8 items-center rounded-md px-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true" inert>
        <label htmlFor={fieldId(HONEYPOT_FIELD)}>Leave this field empty</label>
        <input
          id={fieldId(HONEYPOT_FIELD)}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(e) => setHoneypot(e.target.value)}
        />
      </div>

      <button
        type="submit"
        disabled={!ready || sending}
        className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-accent-600 px-7 py-3 text-lg font-semibold text-white hover:bg-accent-700 disabled:cursor-not-allowed disabled:opacity-75 sm:w-auto"
      >
        {sending ? "Sending..." : "Send Quote Request"}
      </button>
      {refused && (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-950">
          We can&apos;t take more files from you right now. Please call us on{" "}
          <a href={phoneHref} className="font-semibold underline">
            {phone}
          </a>{" "}
          or{" "}
          <a href={whatsappHref} target="_blank" rel="noopener" className="font-semibold underline">
            message us on WhatsApp
          </a>{" "}
          instead: we can take your details and photos there.
        </p>
      )}
    </form>
  );
}

function Field(props: {
  label: string;
  htmlFor: string;
  error?: string | false;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={props.htmlFor} className="block font-medium text-slate-900">
        {props.label}{" "}
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      </label>
      {props.children}
      {props.error && (
        <p id={props.errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}
