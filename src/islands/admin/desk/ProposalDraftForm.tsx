import type { SubmitEvent } from "react";
import type { StoredEstimate } from "../../../lib/price-guide/estimate";
import { MAX_DEPOSIT_PERCENT, MAX_PROPOSAL_LINES } from "../../../lib/proposals/proposal-schema";
import { buttonNeutral, buttonOutline, buttonPrimary, buttonSecondary } from "../../button";
import FieldError from "./FieldError";
import { fieldAria, type FieldErrors } from "./field-errors";
import {
  draftTotals,
  emptyLine,
  isBlankLine,
  lineFromPriceList,
  type Draft,
  type LineDraft,
} from "./proposal-draft";
import PriceListPicker from "./PriceListPicker";
import ProposalLines from "./ProposalLines";
import ProposalTotals from "./ProposalTotals";
import Field from "./Field";

interface Props {
  /** The panel's `useId`. */
  id: string;
  draft: Draft;
  busy: boolean;
  fieldErrors: FieldErrors;
  band: StoredEstimate | undefined;
  /** A trade customer's quote (the reverse charge). */
  trade: boolean;
  onChange: (patch: Partial<Draft>) => void;
  onChangeLine: (key: number, patch: Partial<LineDraft>) => void;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  onPreview: () => void;
  onSend: () => void;
  onClose: () => void;
}

const input = "mt-1 block w-full min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-slate-900";

/** A new quote or a draft being changed: its lines, deposit, start window and notes, with live totals. */
export default function ProposalDraftForm({
  id,
  draft,
  busy,
  fieldErrors,
  band,
  trade,
  onChange,
  onChangeLine,
  onSubmit,
  onPreview,
  onSend,
  onClose,
}: Props) {
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-4 rounded-lg bg-slate-50 p-3 sm:p-4">
      <fieldset disabled={busy} className="space-y-4">
        <legend className="font-semibold text-slate-900">
          {draft.id ? "Change the draft" : "New quote"}
        </legend>
        <ProposalLines
          id={id}
          lines={draft.lines}
          fieldErrors={fieldErrors}
          input={input}
          onChangeLine={onChangeLine}
          onRemove={(key) => onChange({ lines: draft.lines.filter((other) => other.key !== key) })}
        />
        <FieldError errors={fieldErrors} id={id} name="lines" />
        <PriceListPicker
          id={id}
          className={input}
          disabled={draft.lines.length >= MAX_PROPOSAL_LINES && !draft.lines.some(isBlankLine)}
          onPick={(entry) => {
            const line = lineFromPriceList(entry);
            // A line nothing was typed in yet (the new quote's first) is taken, not left empty.
            const blank = draft.lines.findIndex(isBlankLine);
            const lines =
              blank === -1
                ? [...draft.lines, line]
                : draft.lines.map((other, index) => (index === blank ? line : other));
            onChange({ lines });
            // The quantity is what is left to type: its field takes the focus once drawn.
            requestAnimationFrame(() => {
              const quantity = document.getElementById(`${id}-q-${line.key}`);
              if (!(quantity instanceof HTMLInputElement)) return;
              quantity.focus();
              // Selected, the "1" is replaced by what is typed: no clearing it first.
              quantity.select();
            });
          }}
        />
        <button
          type="button"
          disabled={draft.lines.length >= MAX_PROPOSAL_LINES}
          onClick={() => onChange({ lines: [...draft.lines, emptyLine()] })}
          className={buttonOutline}
        >
          Add line
        </button>

        <div className="grid gap-3 sm:grid-cols-[9rem_1fr]">
          <div>
            <label htmlFor={`${id}-deposit`} className="block text-sm font-semibold text-slate-800">
              Deposit (%, at most {MAX_DEPOSIT_PERCENT})
            </label>
            <input
              id={`${id}-deposit`}
              inputMode="numeric"
              value={draft.deposit}
              {...fieldAria(fieldErrors, id, "depositPercent")}
              onChange={(event) => onChange({ deposit: event.target.value })}
              className={input}
            />
            <FieldError errors={fieldErrors} id={id} name="depositPercent" />
          </div>
          <Field id={`${id}-start`} label="Start window">
            <input
              id={`${id}-start`}
              value={draft.startWindow}
              maxLength={200}
              placeholder="e.g. Within 3 weeks of accepting"
              onChange={(event) => onChange({ startWindow: event.target.value })}
              className={input}
            />
          </Field>
        </div>
        <Field id={`${id}-notes`} label="Notes (printed on the quote)">
          <textarea
            id={`${id}-notes`}
            value={draft.notes}
            maxLength={2000}
            rows={3}
            onChange={(event) => onChange({ notes: event.target.value })}
            className="mt-1 w-full rounded-lg border border-slate-400 bg-white p-3 text-slate-900"
          />
        </Field>

        <ProposalTotals totals={draftTotals(draft, trade)} band={band} trade={trade} />

        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonSecondary}>
            Save draft
          </button>
          <button type="button" onClick={onPreview} className={buttonNeutral}>
            Preview
          </button>
          <button type="button" onClick={onSend} className={buttonPrimary}>
            Send to customer
          </button>
          <button type="button" onClick={onClose} className={buttonNeutral}>
            Close
          </button>
        </div>
      </fieldset>
    </form>
  );
}
