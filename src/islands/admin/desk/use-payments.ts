import { useEffect, useState, type SubmitEvent } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { formatPounds, penceFromPounds } from "../../../lib/proposals/money";
import { ProposalRefusal, type ProposalSummary } from "../../../lib/proposals/proposals-api";
import { ukDate } from "../../../lib/proposals/uk-time";
import {
  confirmRefund,
  readPayments,
  recordBankPayment,
  voidPayment,
  type LeadInvoice,
  type PaymentsView,
} from "../../../lib/payments/payments-api";
import type { FieldErrors } from "./field-errors";
import { formErrors, type PaymentForm } from "./payments-view";
import { poundsText } from "./pounds-text";

export type Message = { kind: "done" | "error"; text: string } | null;

interface Options {
  proposals: ProposalSummary[];
  invoices: LeadInvoice[];
  /** Reads the lead again in place: a payment or a refund adds a note to it. */
  onReload: () => Promise<void>;
  onSessionEnded: (error: SessionEndedError) => void;
}

/**
 * The payments of the lead's accepted (or cancelled) quote: read on opening and whenever the lead's
 * invoices change; recording a bank payment, voiding one and confirming a refund, with what the
 * forms hold.
 */
export function usePayments({ proposals, invoices, onReload, onSessionEnded }: Options) {
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
        // What is due now (the deposit, or the invoice's balance) stands in the amount, to be
        // recorded with one tap or changed; an amount already typed is kept.
        if (next.dueNow > 0) setAmount((typed) => typed || poundsText(next.dueNow));
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

  /** Sends a change; shows the server's field errors under the fields, anything else above the forms. */
  const run = async (form: PaymentForm, work: () => Promise<string>) => {
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
        setErrors(formErrors(form, error.fieldErrors));
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

  /** Voids a payment recorded by mistake, with the reason the owner gave and confirmed. */
  const voidOne = (receiptNumber: string, reason: string) =>
    run("void", async () => {
      const voided = await voidPayment(receiptNumber, reason);
      return `Receipt ${receiptNumber} voided. Credit note ${voided.creditNote} is on its way to the customer.`;
    });

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

  return {
    quote,
    proposalId,
    view,
    loadError,
    busy,
    message,
    errors,
    payment: { amount, setAmount, today, receivedOn, setReceivedOn, record },
    refund: { refund, refundText, setRefundAmount, refundNote, setRefundNote, confirm },
    voidOne,
  };
}
