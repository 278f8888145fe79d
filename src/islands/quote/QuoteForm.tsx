import { lazy, Suspense, useId, useRef } from "react";
import { HONEYPOT_FIELD } from "../../lib/quote/upload";
import AddressFields from "./AddressFields";
import AttachmentPicker from "./AttachmentPicker";
import { loadQuotaRefusedNotice, loadThankYouPanel } from "./load-later";
import QuoteField from "./QuoteField";
import { QUOTE_FORM_FIELDS, type QuoteFieldSpec } from "./quote-fields";
import { useQuoteForm } from "./use-quote-form";

const ThankYouPanel = lazy(loadThankYouPanel);
const QuotaRefusedNotice = lazy(loadQuotaRefusedNotice);

/** Where to send a visitor whose files the site cannot take (content/business.yaml). */
interface Props {
  phone?: string;
  phoneHref?: string;
  whatsappHref?: string;
}

/** The free-quote form on /contact: the fields, the attachments, the send and its answer. */
export default function QuoteForm(props: Props) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const quote = useQuoteForm(formRef);

  if (quote.status === "sent") {
    return (
      <Suspense fallback={null}>
        <ThankYouPanel reference={quote.reference} onSendAnother={quote.sendAnother} />
      </Suspense>
    );
  }

  const sending = quote.status === "sending";
  const field = (spec: QuoteFieldSpec) => (
    <QuoteField
      key={spec.name}
      field={spec}
      idPrefix={id}
      value={quote.values[spec.name]}
      error={quote.errorFor(spec.name)}
      disabled={sending}
      onChange={(value) => quote.update(spec.name, value)}
    />
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={quote.submit}
      onFocus={quote.prepare}
      className="mt-6 space-y-5"
      aria-busy={sending}
    >
      <p className="text-sm text-slate-600">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {QUOTE_FORM_FIELDS.filter((spec) => spec.half).map(field)}
      </div>
      {QUOTE_FORM_FIELDS.filter((spec) => !spec.half).map(field)}
      <AddressFields
        idPrefix={id}
        disabled={sending}
        error={quote.addressError}
        onType={quote.clearAddressError}
      />

      <AttachmentPicker
        idPrefix={id}
        files={quote.files}
        error={quote.errorFor("attachments")}
        sending={sending}
        onChoose={quote.chooseFiles}
        onRemove={quote.removeFile}
      />

      {/* People never see this field; form-filling robots do. Read only when sending. */}
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true" inert>
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          id={`${id}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>

      <button
        type="submit"
        disabled={!quote.ready || sending}
        className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-accent-600 px-7 py-3 text-lg font-semibold text-white hover:bg-accent-700 disabled:cursor-not-allowed disabled:opacity-75 sm:w-auto"
      >
        {sending ? "Sending..." : "Send Quote Request"}
      </button>
      {quote.refused && (
        <Suspense fallback={null}>
          <QuotaRefusedNotice {...props} refusal={quote.refused} />
        </Suspense>
      )}
    </form>
  );
}
