import { useId, useState, type SubmitEvent } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { londonDate, londonInstant, londonIso, londonTime, minutesOf } from "../../../lib/visits/london-time";
import { cancelVisit, moveVisit, type LeadVisitSummary } from "../../../lib/visits/visits-api";
import { useDeskFailure } from "./use-desk-failure";
import {
  buttonDanger,
  buttonDangerOutline,
  buttonNeutral,
  buttonOutline,
  buttonSecondary,
} from "../../button";
import Field from "./Field";
import AlertText from "./AlertText";

interface Props {
  visitId: string;
  start: string;
  /** Who the visit is with, for the buttons' names. */
  name: string;
  onChanged: (visit: LeadVisitSummary) => void;
  onSessionEnded: (error: SessionEndedError) => void;
}

/**
 * Move (to a day and a start time, UK time) or cancel one booked visit; the customer is e-mailed
 * either way. Cancelling asks first.
 */
export default function VisitActions({ visitId, start, name, onChanged, onSessionEnded }: Props) {
  const id = useId();
  const [mode, setMode] = useState<"idle" | "move" | "cancel">("idle");
  const [date, setDate] = useState(londonDate(Date.parse(start)));
  const [time, setTime] = useState(londonTime(Date.parse(start)));
  const [busy, setBusy] = useState(false);
  const { error, setError, failed } = useDeskFailure(onSessionEnded);

  const run = async (work: () => Promise<LeadVisitSummary>) => {
    setBusy(true);
    setError(null);
    try {
      onChanged(await work());
      setMode("idle");
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  };

  const move = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const instant = /^\d{2}:\d{2}$/.test(time) ? londonInstant(date, minutesOf(time)) : null;
    if (instant === null) {
      setError("Choose a day and a start time");
      return;
    }
    void run(() => moveVisit(visitId, londonIso(instant)));
  };

  return (
    <div className="mt-3">
      {mode === "idle" && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonOutline} onClick={() => setMode("move")}>
            Move<span className="sr-only"> the visit with {name}</span>
          </button>
          <button type="button" className={buttonDangerOutline} onClick={() => setMode("cancel")}>
            Cancel visit<span className="sr-only"> with {name}</span>
          </button>
        </div>
      )}
      {mode === "move" && (
        <form onSubmit={move} className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-3">
          <Field id={`${id}-date`} label="Day">
            <input
              id={`${id}-date`}
              type="date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
              className="min-h-11 rounded-lg border border-slate-400 px-3"
            />
          </Field>
          <Field id={`${id}-time`} label="Start (UK time)">
            <input
              id={`${id}-time`}
              type="time"
              step={300}
              value={time}
              onChange={(event) => setTime(event.target.value)}
              className="min-h-11 rounded-lg border border-slate-400 px-3"
            />
          </Field>
          <button type="submit" disabled={busy} className={buttonSecondary}>
            Move and tell the customer
          </button>
          <button type="button" className={buttonNeutral} onClick={() => setMode("idle")}>
            Back
          </button>
        </form>
      )}
      {mode === "cancel" && (
        <div className="rounded-lg border border-red-200 bg-white p-3">
          <p className="font-semibold text-slate-900">Cancel this visit? The customer is e-mailed.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              className={buttonDanger}
              onClick={() => void run(() => cancelVisit(visitId))}
            >
              Yes, cancel the visit
            </button>
            <button type="button" className={buttonNeutral} onClick={() => setMode("idle")}>
              Keep it
            </button>
          </div>
        </div>
      )}
      {error && <AlertText>{error}</AlertText>}
    </div>
  );
}
