import { useId, useState, type SubmitEvent } from "react";
import {
  addDays,
  formatVisitDay,
  formatVisitTime,
  londonDate,
  londonInstant,
  londonIso,
  minutesOf,
} from "../../../lib/visits/london-time";
import { addBlock, removeBlock, type VisitBlock } from "../../../lib/visits/visits-api";
import { buttonNeutral, buttonSecondary } from "../../button";
import Field from "./Field";

interface Props {
  blocks: VisitBlock[];
  onChanged: () => void;
  onFailed: (error: unknown) => void;
}

const when = (iso: string) => Date.parse(iso);

/** Days or times the owner cannot visit: listed, added (whole days, or hours of one day), removed. */
export default function VisitBlocks({ blocks, onChanged, onFailed }: Props) {
  const id = useId();
  const [from, setFrom] = useState(() => londonDate(Date.now()));
  const [to, setTo] = useState(() => londonDate(Date.now()));
  const [startTime, setStartTime] = useState("");
  const [endTime, setEndTime] = useState("");
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState<string | null>(null);

  const add = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const start = londonInstant(from, startTime ? minutesOf(startTime) : 0);
    const end = endTime ? londonInstant(to, minutesOf(endTime)) : londonInstant(addDays(to, 1), 0);
    if (start === null || end === null || end <= start) {
      setMessage("The end must be after the start");
      return;
    }
    try {
      await addBlock({
        start: londonIso(start),
        end: londonIso(end),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      setReason("");
      setMessage("Blocked: those times are no longer offered");
      onChanged();
    } catch (caught) {
      onFailed(caught);
    }
  };

  const describe = (block: VisitBlock) =>
    `${formatVisitDay(when(block.start))} ${formatVisitTime(when(block.start))} to ${formatVisitDay(when(block.end))} ${formatVisitTime(when(block.end))}`;

  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="font-bold text-slate-900">Not available</h3>
      {blocks.length === 0 && <p className="text-slate-700">Nothing blocked.</p>}
      <ul className="mt-1 divide-y divide-slate-200">
        {blocks.map((block) => (
          <li key={block.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-slate-800">
              {describe(block)}
              {block.reason ? ` · ${block.reason}` : ""}
            </span>
            <button
              type="button"
              className={buttonNeutral}
              onClick={() => void removeBlock(block.id).then(onChanged, onFailed)}
            >
              Remove<span className="sr-only"> the block {describe(block)}</span>
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={(event) => void add(event)} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field id={`${id}-from`} label="From day">
          <input
            id={`${id}-from`}
            type="date"
            required
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </Field>
        <Field id={`${id}-to`} label="To day">
          <input
            id={`${id}-to`}
            type="date"
            required
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </Field>
        <Field id={`${id}-reason`} label="Reason (only you see it)">
          <input
            id={`${id}-reason`}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </Field>
        <div>
          <label htmlFor={`${id}-start`} className="block text-sm font-semibold text-slate-800">
            From time (empty: whole day)
          </label>
          <input
            id={`${id}-start`}
            type="time"
            value={startTime}
            onChange={(e) => setStartTime(e.target.value)}
            className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </div>
        <div>
          <label htmlFor={`${id}-end`} className="block text-sm font-semibold text-slate-800">
            To time (empty: end of day)
          </label>
          <input
            id={`${id}-end`}
            type="time"
            value={endTime}
            onChange={(e) => setEndTime(e.target.value)}
            className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </div>
        <div className="flex items-end">
          <button type="submit" className={buttonSecondary}>
            Block these times
          </button>
        </div>
      </form>
      <p aria-live="polite" className="mt-2 text-slate-800">
        {message}
      </p>
    </div>
  );
}
