import { useEffect, useId, useState, type SubmitEvent } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { formatPounds, penceFromPounds } from "../../../lib/proposals/money";
import { ProposalRefusal, type ProposalSummary } from "../../../lib/proposals/proposals-api";
import { formatIsoDay, formatUkDate, ukDate } from "../../../lib/proposals/uk-time";
import {
  confirmRefund,
  documentUrl,
  readPayments,
  recordBankPayment,
  type LeadGuarantee,
  type LeadInvoice,
  type PaymentsView,
} from "../../../lib/payments/payments-api";
import { buttonOutline, buttonSecondary } from "../../button";

interface Props {
  proposals: ProposalSummary[];
  invoices: LeadInvoice[];
  guarantee: LeadGuarantee | null;
  /** Reads the lead again in place: a payment or a refund adds a note to it. */
  onReload: () => Promise<void>;
  onSessionEnded: (error: SessionEndedError) => void;
}

type Message = { kind: "done" | "error"; text: string } | null;
type FieldErrors = Record<string, string[] | undefined>;

const METHOD_TEXT = { bank: "bank transfer", card: "card" } as const;
const poundsText = (pence: number) => (pence / 100).toFixed(2);
const day = (iso: string) => formatUkDate(Date.parse(iso));

/**
 * The money of the lead's accepted quote (docs/payments.md, "The desk"): what was asked for, the
 * payments with their receipts, paid and balance, "Record a bank payment", the invoice and the
 * guarantee with their PDFs, and a refund waiting to be confirmed after a cancellation.
 */
export default function PaymentsPanel({ proposals, invoices, guarantee, onReload, onSessionEnded }: Props) {
  const id = useId();
  const quote =
    proposals.find((proposal) => proposal.status === "accepted") ??
    proposals.find((proposal) => proposal.status === "cancelled");
  const proposalId = quote?.id ?? null;
  const [view, setView] = useState<PaymentsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [amount, setAmount] = useState("");
  const [today] = useState(() => ukDate(Date.now()));
  const [receivedOn, setReceivedOn] = useState(today);
  const [refundAmount, setRefundAmount] = useState<string | null>(null);
  const [refundNote, setRefundNote] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  // Completing the lead issues an invoice: the payments are read again when the lead's invoices change.
  const invoicesKey = invoices.map((invoice) => `${invoice.number}:${invoice.paidOn ?? ""}`).join();

  useEffect(() => {
    if (!proposalId) return;
    let current = true;
    readPayments(proposalId).then(
      (next) => {
        if (!current) return;
        setView(next);
        setLoadError(null);
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof SessionEndedError) onSessionEnded(error);
        else setLoadError(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      current = false;
    };
  }, [proposalId, invoicesKey, onSessionEnded]);

  if (!quote && invoices.length === 0) return null;
  if (quote?.status === "cancelled" && view && !view.refund && view.payments.length === 0) return null;

  /** Sends a change; shows the server's field errors under the fields, anything else above the forms. */
  const run = async (form: "payment" | "refund", work: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      const done = await work();
      // A payment or refund changes the lead, so the lead is read again before the change is
      // confirmed: a status set right after the message then carries the lead's new version, not
      // the old one the server would refuse as a change made on another device.
      const [payments] = await Promise.all([
        proposalId ? readPayments(proposalId) : null,
        onReload().catch(() => undefined),
      ]);
      if (payments) setView(payments);
      setMessage({ kind: "done", text: done });
    } catch (error) {
      if (error instanceof SessionEndedError) onSessionEnded(error);
      else if (error instanceof ProposalRefusal && Object.keys(error.fieldErrors).length)
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [`${form}.${k}`, v])));
      else setMessage({ kind: "error", text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  const record = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!proposalId) return;
    const pence = penceFromPounds(amount);
    if (pence === null) {
      setErrors({ "payment.amount": ["Enter the amount in pounds, for example 250 or 271.43"] });
      return;
    }
    void run("payment", async () => {
      const payment = await recordBankPayment(proposalId, pence, receivedOn);
      setAmount("");
      return `${formatPounds(payment.amount)} recorded. Receipt ${payment.receiptNumber} is on its way to the customer.`;
    });
  };

  const refund = view?.refund ?? null;
  const refundText = refundAmount ?? (refund ? poundsText(refund.paid) : "");
  const confirm = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!proposalId) return;
    const pence = penceFromPounds(refundText);
    if (pence === null) {
      setErrors({ "refund.amount": ["Enter the amount in pounds, for example 271.43"] });
      return;
    }
    void run("refund", async () => {
      const confirmed = await confirmRefund(proposalId, pence, refundNote.trim() || undefined);
      setRefundAmount(null);
      setRefundNote("");
      return `Refund of ${formatPounds(confirmed.amount ?? pence)} confirmed.`;
    });
  };

  const errorOf = (key: string) => errors[key]?.join(" ");
  const field = (key: string) => ({
    "aria-invalid": errorOf(key) ? true : undefined,
    "aria-describedby": errorOf(key) ? `${id}-${key}-error` : undefined,
  });
  const errorText = (key: string) =>
    errorOf(key) && (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm font-semibold text-red-800">
        {errorOf(key)}
      </p>
    );
  const input =
    "mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-slate-900 aria-[invalid=true]:border-red-700";
  const label = "block text-sm font-semibold text-slate-800";
  const paidOn = new Map(invoices.map((invoice) => [invoice.number, invoice.paidOn]));
  const invoiceRows = invoices.filter(
    (invoice) => !view?.requested.some((item) => item.kind === "invoice" && item.number === invoice.number),
  );
  const canRecord = view?.status === "accepted" && view.balance > 0;

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8" data-payments>
      <h3 id={`${id}-heading`} className="text-lg font-bold text-brand-800">
        Payments
      </h3>
      {quote && (
        <p className="text-sm text-slate-700">
          Quote {quote.number} · {quote.status === "accepted" ? "accepted" : "cancelled"}
        </p>
      )}
      {loadError && (
        <p role="alert" className="mt-2 text-red-800">
          Could not load the payments: {loadError}
        </p>
      )}
      {proposalId && !view && !loadError && (
        <p role="status" className="mt-2 text-slate-700">
          Loading payments...
        </p>
      )}

      {view && (
        <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {(
            [
              ["Quote total", view.total],
              ["Paid", view.paid],
              // A cancelled quote owes nothing more: what was paid is a refund.
              ...(view.status === "accepted"
                ? ([
                    ["Balance", view.balance],
                    ["Due now", view.dueNow],
                  ] as const)
                : []),
            ] as const
          ).map(([name, pence]) => (
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

      {(view?.requested.length || invoiceRows.length > 0 || guarantee) && (
        <>
          <h4 className="mt-4 font-bold text-slate-900">Asked for</h4>
          <ul className="mt-1 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {view?.requested.map((item) => (
              <li key={`${item.kind}-${item.number}`} className="p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="font-semibold text-slate-900">
                    {item.kind === "deposit" ? `Deposit on quote ${item.number}` : `Invoice ${item.number}`}
                  </p>
                  <p className="font-semibold text-slate-900 tabular-nums">{formatPounds(item.amount)}</p>
                </div>
                <p className="text-sm text-slate-700">
                  {item.kind === "deposit" ? "Asked for" : "Issued"} {formatIsoDay(item.requestedOn)}
                  {item.dueOn && ` · due by ${formatIsoDay(item.dueOn)}`}
                  {paidOn.get(item.number) && ` · paid on ${formatIsoDay(paidOn.get(item.number)!)}`}
                </p>
                {item.kind === "invoice" && (
                  <a href={documentUrl(item.number)} download className="text-brand-700 underline">
                    Invoice {item.number} (PDF)
                  </a>
                )}
              </li>
            ))}
            {invoiceRows.map((invoice) => (
              <li key={invoice.number} className="p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="font-semibold text-slate-900">Invoice {invoice.number}</p>
                  <p className="font-semibold text-slate-900 tabular-nums">{formatPounds(invoice.total)}</p>
                </div>
                <p className="text-sm text-slate-700">
                  Issued {formatIsoDay(invoice.issuedOn)} · due by {formatIsoDay(invoice.dueOn)}
                  {invoice.paidOn && ` · paid on ${formatIsoDay(invoice.paidOn)}`}
                </p>
                <a href={documentUrl(invoice.number)} download className="text-brand-700 underline">
                  Invoice {invoice.number} (PDF)
                </a>
              </li>
            ))}
            {guarantee && (
              <li className="p-3">
                <p className="font-semibold text-slate-900">Guarantee {guarantee.number}</p>
                <p className="text-sm text-slate-700">Valid until {formatIsoDay(guarantee.validUntil)}</p>
                <a href={documentUrl(guarantee.number)} download className="text-brand-700 underline">
                  Guarantee {guarantee.number} (PDF)
                </a>
              </li>
            )}
          </ul>
        </>
      )}

      {view && (
        <>
          <h4 className="mt-4 font-bold text-slate-900">Received</h4>
          {view.payments.length === 0 ? (
            <p className="text-slate-700">No payments yet.</p>
          ) : (
            <ul className="mt-1 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {view.payments.map((payment) => (
                <li key={payment.id} className="p-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <p className="font-semibold text-slate-900">
                      {formatIsoDay(payment.receivedOn)} · {METHOD_TEXT[payment.method]}
                    </p>
                    <p className="font-semibold text-slate-900 tabular-nums">
                      {formatPounds(payment.amount)}
                    </p>
                  </div>
                  <p className="text-sm text-slate-700">
                    VAT in it {formatPounds(payment.vat)}
                    {payment.invoiceNumber ? ` · paid invoice ${payment.invoiceNumber}` : " · deposit"}
                  </p>
                  <a href={documentUrl(payment.receiptNumber)} download className="text-brand-700 underline">
                    Receipt {payment.receiptNumber} (PDF)
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <div aria-live="polite" className="mt-2 min-h-6">
        {message?.kind === "done" && <p className="text-green-800">{message.text}</p>}
      </div>
      {message?.kind === "error" && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {message.text}
        </p>
      )}

      {refund && !refund.confirmedAt && (
        <form
          onSubmit={confirm}
          noValidate
          className="mt-3 rounded-lg border-2 border-accent-600 bg-accent-50 p-3 sm:p-4"
        >
          <fieldset disabled={busy} className="space-y-3">
            <legend className="font-bold text-slate-900">Refund to confirm</legend>
            <p className="text-slate-900">
              The customer cancelled on {day(refund.cancelledAt)} and had paid{" "}
              <strong>{formatPounds(refund.paid)}</strong>.{" "}
              {refund.startEarly
                ? "They had asked you to start early, so you may keep a fair amount for the work already done. Enter what you refunded and why."
                : `Refund all ${formatPounds(refund.paid)} within 14 days of the cancellation, then confirm it here.`}
            </p>
            <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
              <div>
                <label htmlFor={`${id}-refund-amount`} className={label}>
                  Amount refunded (£)
                </label>
                <input
                  id={`${id}-refund-amount`}
                  inputMode="decimal"
                  value={refundText}
                  onChange={(event) => setRefundAmount(event.target.value)}
                  className={input}
                  {...field("refund.amount")}
                />
                {errorText("refund.amount")}
              </div>
              <div>
                <label htmlFor={`${id}-refund-note`} className={label}>
                  Note (optional)
                </label>
                <input
                  id={`${id}-refund-note`}
                  value={refundNote}
                  maxLength={500}
                  placeholder={refund.startEarly ? "e.g. Scaffold up for two days" : undefined}
                  onChange={(event) => setRefundNote(event.target.value)}
                  className={input}
                />
              </div>
            </div>
            <button type="submit" className={buttonSecondary}>
              Confirm refund
            </button>
          </fieldset>
        </form>
      )}
      {refund?.confirmedAt && (
        <p className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-900">
          Refund of {formatPounds(refund.amount ?? 0)} confirmed on {day(refund.confirmedAt)} (
          {formatPounds(refund.paid)} had been paid){refund.note ? `: ${refund.note}` : ""}.
        </p>
      )}

      {canRecord && (
        <form onSubmit={record} noValidate className="mt-3 rounded-lg bg-slate-50 p-3 sm:p-4">
          <fieldset disabled={busy} className="space-y-3">
            <legend className="font-bold text-slate-900">Record a bank payment</legend>
            <p className="text-sm text-slate-700">
              {view.dueNow > 0
                ? `Due now ${formatPounds(view.dueNow)} · still to pay on the job ${formatPounds(view.balance)}.`
                : `Still to pay on the job ${formatPounds(view.balance)}.`}{" "}
              The customer is e-mailed a receipt.
            </p>
            <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:grid-cols-[12rem_12rem]">
              <div>
                <label htmlFor={`${id}-amount`} className={label}>
                  Amount (£)
                </label>
                <input
                  id={`${id}-amount`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                  className={input}
                  {...field("payment.amount")}
                />
                {errorText("payment.amount")}
              </div>
              <div>
                <label htmlFor={`${id}-received`} className={label}>
                  Day it arrived
                </label>
                <input
                  id={`${id}-received`}
                  type="date"
                  value={receivedOn}
                  max={today}
                  onChange={(event) => setReceivedOn(event.target.value)}
                  className={input}
                  {...field("payment.receivedOn")}
                />
                {errorText("payment.receivedOn")}
              </div>
            </div>
            <button type="submit" className={buttonOutline}>
              Record payment
            </button>
          </fieldset>
        </form>
      )}
    </section>
  );
}
