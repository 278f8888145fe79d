import { useId, useRef, useState } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import type { AdminQuote } from "../../../lib/admin/quotes";
import { readPayments, type PaymentsView } from "../../../lib/payments/payments-api";
import type { LeadChange } from "../../../lib/leads-api";
import { LEAD_STATUS_LABELS } from "../../../lib/lead-model";
import { formatPounds } from "../../../lib/proposals/money";
import { buttonOutline, buttonPrimary } from "../../button";
import PropertyAddressForm from "./PropertyAddressForm";

const COMPLETED = `Status set to ${LEAD_STATUS_LABELS.completed}`;
const COMPLETED_WITH_DOCUMENTS = `${COMPLETED}: the invoice and the guarantee are on their way to the customer`;

interface Props {
  submission: AdminQuote;
  saving: boolean;
  /** The server asked for the property's address before completing (its words), or null. */
  addressNeeded: string | null;
  /** Sends the change that completes the lead, with what to say once done. */
  onComplete: (change: LeadChange, done: string) => void;
  onCancelAddress: () => void;
  onSessionEnded: (error: SessionEndedError) => void;
}

type Preview =
  { state: "closed" } | { state: "reading" } | { state: "open"; issued: PaymentsView["onCompletion"] };

/**
 * "Job done" in a lead's detail (docs/lead-desk.md, "Job done"): says what completing sends — the
 * invoice and its amount, the guarantee's term and wording, the review request — and sends nothing
 * until the owner confirms; "Not yet" sends nothing. When the server needs the property's address
 * first (for the certificate), its form takes the place of the question.
 */
export default function JobDone({
  submission,
  saving,
  addressNeeded,
  onComplete,
  onCancelAddress,
  onSessionEnded,
}: Props) {
  const id = useId();
  const [preview, setPreview] = useState<Preview>({ state: "closed" });
  const [error, setError] = useState<string | null>(null);
  /** The term's years as typed in Job done; empty until changed, so the quote's term stands. */
  const [years, setYears] = useState("");
  const changedYears = (): Partial<LeadChange> => {
    if (years.trim() === "" || preview.state !== "open") return {};
    // Sent as typed: the server's words refuse anything but 1 to 50 whole years.
    const typed = Number(years.trim());
    return typed === preview.issued?.guarantee.years ? {} : { guaranteeYears: typed };
  };
  /** "Not yet" puts the focus back on Job done once it is drawn again. */
  const refocus = useRef(false);
  const accepted = (submission.proposals ?? []).find((proposal) => proposal.status === "accepted");

  const open = async () => {
    setError(null);
    if (!accepted) return setPreview({ state: "open", issued: null });
    setPreview({ state: "reading" });
    try {
      setPreview({ state: "open", issued: (await readPayments(accepted.id)).onCompletion });
    } catch (caught) {
      if (caught instanceof SessionEndedError) return onSessionEnded(caught);
      setPreview({ state: "closed" });
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  const close = () => {
    refocus.current = true;
    setPreview({ state: "closed" });
  };

  if (addressNeeded)
    return (
      <PropertyAddressForm
        message={addressNeeded}
        saving={saving}
        onSubmit={(propertyAddress) =>
          onComplete({ status: "completed", propertyAddress, ...changedYears() }, COMPLETED_WITH_DOCUMENTS)
        }
        onCancel={() => {
          onCancelAddress();
          setPreview({ state: "closed" });
        }}
      />
    );

  if (preview.state !== "open")
    return (
      <div className="mt-4">
        <button
          ref={(node) => {
            if (node && refocus.current) {
              refocus.current = false;
              node.focus();
            }
          }}
          type="button"
          onClick={() => void open()}
          disabled={saving || preview.state === "reading"}
          className={buttonPrimary}
        >
          Job done
        </button>
        {error && (
          <p role="alert" className="mt-2 text-amber-950">
            {error}
          </p>
        )}
      </div>
    );

  const { issued } = preview;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-job-done
      className="mt-4 rounded-lg border-2 border-brand-700 bg-white p-4"
    >
      <h3
        id={`${id}-heading`}
        tabIndex={-1}
        ref={(node) => node?.focus()}
        className="text-lg font-bold text-brand-800"
      >
        Job done?
      </h3>
      <p className="mt-1 text-slate-800">Confirming sends the customer:</p>
      <ul className="mt-2 list-disc space-y-2 pl-6 text-slate-800">
        {issued ? (
          <>
            <li>
              An invoice for <strong>{formatPounds(issued.invoice)}</strong>, the balance of quote{" "}
              {accepted?.number}, due within 7 days.
            </li>
            <li>
              A guarantee certificate:{" "}
              <strong>
                {years.trim() || issued.guarantee.years} years ({issued.guarantee.work})
              </strong>{" "}
              from today.
              <label htmlFor={`${id}-years`} className="mt-2 block text-sm font-semibold text-slate-800">
                Guarantee (years), as the quote stated unless you change it
              </label>
              <input
                id={`${id}-years`}
                inputMode="numeric"
                maxLength={2}
                value={years}
                placeholder={String(issued.guarantee.years)}
                onChange={(event) => setYears(event.target.value)}
                className="mt-1 block min-h-11 w-24 rounded-lg border border-slate-400 bg-white px-3 text-slate-900"
              />
              <details className="mt-1">
                <summary className="min-h-11 cursor-pointer font-semibold text-brand-700">
                  Its wording
                </summary>
                <p className="mt-1 text-sm text-slate-700">{issued.guarantee.conditions}</p>
              </details>
            </li>
          </>
        ) : (
          <li>No invoice or guarantee: this lead has no accepted quote waiting for its invoice.</li>
        )}
        <li>
          A request for a review, to {submission.email},{" "}
          {issued && issued.invoice > 0 ? "once the invoice is paid, " : ""}
          with one reminder 7 days later (not if they already stopped review e-mails).
        </li>
      </ul>
      <p className="mt-2 font-semibold text-slate-900">Nothing is sent until you confirm.</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() =>
            onComplete(
              { status: "completed", ...changedYears() },
              issued ? COMPLETED_WITH_DOCUMENTS : COMPLETED,
            )
          }
          disabled={saving}
          className={buttonPrimary}
        >
          Confirm: job done
        </button>
        <button type="button" onClick={close} disabled={saving} className={buttonOutline}>
          Not yet
        </button>
      </div>
    </section>
  );
}
