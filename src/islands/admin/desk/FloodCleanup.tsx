import { useId, useState, type SubmitEvent } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { countFlood, eraseFlood, type FloodFilter } from "../../../lib/admin/bulk-erase-api";
import { ERASURE_KEEPS } from "../../../lib/payments/erased-accounts";
import { buttonOutline } from "../../button";
import ConfirmDialog from "../ConfirmDialog";

type State =
  | { status: "idle" }
  | { status: "busy" }
  | { status: "counted"; filter: FloodFilter; matches: number }
  | { status: "done"; erased: number }
  | { status: "error"; message: string };

interface Props {
  onSessionEnded: (error: SessionEndedError) => void;
  /** After an erasure: the list and the counts are read again. */
  onErased: () => void;
}

const plural = (n: number) => `${n} lead${n === 1 ? "" : "s"}`;

/**
 * "Clean up after a flood", at the foot of the lead desk: the leads of one source (as the chart
 * names it) and/or span of days, counted first, then erased once confirmed. Won and completed
 * leads are never part of it; the activity log records the erasure once, with the count.
 */
export default function FloodCleanup({ onSessionEnded, onErased }: Props) {
  const [state, setState] = useState<State>({ status: "idle" });
  const [confirming, setConfirming] = useState<{ filter: FloodFilter; matches: number } | null>(null);
  const ids = { source: useId(), from: useId(), to: useId() };

  const fail = (error: unknown) => {
    if (error instanceof SessionEndedError) onSessionEnded(error);
    else setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
  };

  const count = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const filter: FloodFilter = {};
    for (const name of ["source", "from", "to"] as const) {
      const entry = data.get(name);
      const value = typeof entry === "string" ? entry.trim() : "";
      if (value) filter[name] = value;
    }
    setState({ status: "busy" });
    try {
      setState({ status: "counted", filter, matches: await countFlood(filter) });
    } catch (error) {
      fail(error);
    }
  };

  const erase = async (filter: FloodFilter, matches: number) => {
    setConfirming(null);
    setState({ status: "busy" });
    try {
      setState({ status: "done", erased: await eraseFlood(filter, matches) });
      onErased();
    } catch (error) {
      fail(error);
    }
  };

  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-brand-800">Clean up after a flood</summary>
      <p className="mt-2 text-sm text-slate-700">
        Erase the leads of one source (as the chart names it) or of some days, for example after a burst of
        made-up requests. Won and completed leads are kept. Count first, then erase.
      </p>
      <form onSubmit={(event) => void count(event)} className="mt-3 flex flex-wrap items-end gap-3">
        {(
          [
            ["source", "Source", "text"],
            ["from", "From", "date"],
            ["to", "To", "date"],
          ] as const
        ).map(([name, label, type]) => (
          <label
            key={name}
            htmlFor={ids[name]}
            className="flex flex-col text-sm font-semibold text-slate-800"
          >
            {label}
            <input
              id={ids[name]}
              name={name}
              type={type}
              className="mt-1 min-h-11 rounded-lg border border-slate-300 px-3"
            />
          </label>
        ))}
        <button type="submit" className={buttonOutline} disabled={state.status === "busy"}>
          Count matching leads
        </button>
      </form>
      <div aria-live="polite" className="mt-3">
        {state.status === "counted" &&
          (state.matches === 0 ? (
            <p className="text-slate-700">No lead matches.</p>
          ) : (
            <p className="flex flex-wrap items-center gap-3 text-slate-900">
              {plural(state.matches)} match.
              <button
                type="button"
                className="min-h-11 rounded-lg bg-red-700 px-4 font-semibold text-white hover:bg-red-800"
                onClick={() => setConfirming({ filter: state.filter, matches: state.matches })}
              >
                Erase {plural(state.matches)}
              </button>
            </p>
          ))}
        {state.status === "done" && <p className="text-slate-900">{plural(state.erased)} erased.</p>}
      </div>
      {state.status === "error" && (
        <p role="alert" className="mt-3 text-red-800">
          {state.message}
        </p>
      )}
      <ConfirmDialog
        item={confirming}
        title="Erase these leads?"
        describe={(item) =>
          `${plural(item.matches)} and their files will be erased for good. This cannot be undone. ${ERASURE_KEEPS}`
        }
        onCancel={() => setConfirming(null)}
        onConfirm={(item) => void erase(item.filter, item.matches)}
      />
    </details>
  );
}
