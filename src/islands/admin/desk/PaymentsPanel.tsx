import { useEffect, useId, useRef } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { formatPounds } from "../../../lib/proposals/money";
import type { ProposalSummary } from "../../../lib/proposals/proposals-api";
import type { LeadGuarantee, LeadInvoice } from "../../../lib/payments/payments-api";
import PaymentDocuments from "./PaymentDocuments";
import PaymentRefund from "./PaymentRefund";
import PaymentsReceived from "./PaymentsReceived";
import RecordPaymentForm from "./RecordPaymentForm";
import { figuresOf } from "./payments-view";
import { usePayments } from "./use-payments";
import AlertText from "./AlertText";

interface Props {
  proposals: ProposalSummary[];
  invoices: LeadInvoice[];
  guarantee: LeadGuarantee | null;
  /** Reads the lead again in place: a payment or a refund adds a note to it. */
  onReload: () => Promise<void>;
  /** Opened from a deposit on Today: the panel comes into view once its payments are read. */
  focusOnLoad?: boolean;
  onSessionEnded: (error: SessionEndedError) => void;
}

/**
 * The money of the lead's accepted quote (docs/payments.md, "The desk"): what was asked for, the
 * payments with their receipts, paid and balance, "Record a bank payment", the invoice and the
 * guarantee with their PDFs, and a refund waiting to be confirmed after a cancellation.
 */
export default function PaymentsPanel({
  proposals,
  invoices,
  guarantee,
  onReload,
  onSessionEnded,
  focusOnLoad = false,
}: Props) {
  const id = useId();
  const section = useRef<HTMLElement>(null);
  const { quote, proposalId, view, loadError, busy, message, errors, payment, refund, voidOne } = usePayments(
    {
      proposals,
      invoices,
      onReload,
      onSessionEnded,
    },
  );
  const shown = Boolean(view);
  useEffect(() => {
    if (!focusOnLoad || !shown) return;
    // The form to record the payment, its last line at the screen's foot: the amount due above it.
    const form = section.current?.querySelector("[data-record-payment]");
    (form ?? section.current)?.scrollIntoView({ block: form ? "end" : "start" });
    section.current?.focus({ preventScroll: true });
  }, [focusOnLoad, shown]);

  if (!quote && invoices.length === 0) return null;
  if (quote?.status === "cancelled" && view && !view.refund && view.payments.length === 0) return null;

  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      className="mt-8 focus:outline-none"
      data-payments
    >
      <h3 id={`${id}-heading`} className="text-lg font-bold text-brand-800">
        Payments
      </h3>
      {quote && (
        <p className="text-sm text-slate-700">
          Quote {quote.number} · {quote.status === "accepted" ? "accepted" : "cancelled"}
        </p>
      )}
      {loadError && <AlertText>Could not load the payments: {loadError}</AlertText>}
      {proposalId && !view && !loadError && (
        <p role="status" className="mt-2 text-slate-700">
          Loading payments...
        </p>
      )}

      {view && (
        <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {figuresOf(view).map(([name, pence]) => (
            <div
              key={name}
              className={`rounded-lg border p-3 ${
                name === "Due now" && pence > 0
                  ? "border-accent-600 bg-accent-50"
                  : "border-slate-200 bg-slate-50"
              }`}
            >
              <dt className="text-sm font-semibold text-slate-700">{name}</dt>
              <dd className="text-lg font-bold text-slate-900 tabular-nums">{formatPounds(pence)}</dd>
            </div>
          ))}
        </dl>
      )}

      <PaymentDocuments view={view} invoices={invoices} guarantee={guarantee} />

      {view && <PaymentsReceived view={view} id={id} busy={busy} errors={errors} onVoid={voidOne} />}

      <div aria-live="polite" className="mt-2 min-h-6">
        {message?.kind === "done" && <p className="text-green-800">{message.text}</p>}
      </div>
      {message?.kind === "error" && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {message.text}
        </p>
      )}

      <PaymentRefund
        id={id}
        refund={refund.refund}
        busy={busy}
        errors={errors}
        refundText={refund.refundText}
        onRefundAmount={refund.setRefundAmount}
        refundNote={refund.refundNote}
        onRefundNote={refund.setRefundNote}
        onConfirm={refund.confirm}
      />

      {view?.status === "accepted" && view.balance > 0 && (
        <RecordPaymentForm
          id={id}
          view={view}
          busy={busy}
          errors={errors}
          amount={payment.amount}
          onAmount={payment.setAmount}
          today={payment.today}
          receivedOn={payment.receivedOn}
          onReceivedOn={payment.setReceivedOn}
          onRecord={payment.record}
        />
      )}
    </section>
  );
}
