import { useCallback, useEffect, useId, useState, type SubmitEvent } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { telLink } from "../../../lib/links";
import {
  addDays,
  formatVisitDay,
  formatVisitTime,
  londonDate,
  londonInstant,
  londonIso,
  minutesOf,
} from "../../../lib/visits/london-time";
import {
  addBlock,
  fetchAgenda,
  fetchBlocks,
  mapLink,
  removeBlock,
  type AgendaVisit,
  type VisitBlock,
} from "../../../lib/visits/visits-api";
import { buttonNeutral, buttonOutline, buttonSecondary } from "../../button";
import VisitActions from "./VisitActions";

/** How many days after today the agenda shows. */
const AGENDA_DAYS = 14;

interface Props {
  onOpen: (leadId: string) => void;
  onSessionEnded: (error: SessionEndedError) => void;
}

const when = (iso: string) => Date.parse(iso);

/**
 * The survey visits of today and the coming days (address, phone, a map link; move, cancel) and the
 * days or times the owner is not available (docs/visits.md).
 */
export default function VisitAgenda({ onOpen, onSessionEnded }: Props) {
  const id = useId();
  const [visits, setVisits] = useState<AgendaVisit[] | null>(null);
  const [blocks, setBlocks] = useState<VisitBlock[]>([]);
  const [error, setError] = useState<string | null>(null);

  const failed = useCallback(
    (caught: unknown) => {
      if (caught instanceof SessionEndedError) onSessionEnded(caught);
      else setError(caught instanceof Error ? caught.message : String(caught));
    },
    [onSessionEnded],
  );

  const load = useCallback(() => {
    const today = londonDate(Date.now());
    return Promise.all([fetchAgenda(today, addDays(today, AGENDA_DAYS)), fetchBlocks()]).then(
      ([agenda, blocked]) => {
        setError(null);
        setVisits(agenda);
        setBlocks(blocked);
      },
      failed,
    );
  }, [failed]);

  useEffect(() => {
    void load();
  }, [load]);

  const days = new Map<string, AgendaVisit[]>();
  for (const visit of visits ?? []) {
    const day = formatVisitDay(when(visit.start));
    days.set(day, [...(days.get(day) ?? []), visit]);
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-brand-800">
        Survey visits
      </h2>
      <p className="text-sm text-slate-700">Today and the next {AGENDA_DAYS} days, UK time.</p>
      {error && (
        <div role="alert" className="mt-2 text-red-800">
          <p>Could not load the visits: {error}</p>
          <button type="button" onClick={() => void load()} className={`${buttonOutline} mt-2`}>
            Try Again
          </button>
        </div>
      )}
      {!error && !visits && (
        <p role="status" className="mt-2 text-slate-700">
          Loading visits...
        </p>
      )}
      {visits && visits.length === 0 && <p className="mt-2 text-slate-700">No visits booked.</p>}
      {[...days].map(([day, dayVisits]) => (
        <div key={day} className="mt-4">
          <h3 className="font-bold text-slate-900">{day}</h3>
          <ul className="mt-1 divide-y divide-slate-200">
            {dayVisits.map((visit) => {
              const address = `${visit.addressLine1}, ${visit.town} ${visit.postcode}`;
              return (
                <li key={visit.id} className="py-3">
                  <p className="font-semibold text-slate-900">
                    {formatVisitTime(when(visit.start))}–{formatVisitTime(when(visit.end))} ·{" "}
                    <button
                      type="button"
                      onClick={() => onOpen(visit.leadId)}
                      className="min-h-11 text-left text-brand-700 underline hover:no-underline"
                    >
                      {visit.name}
                    </button>
                  </p>
                  <p className="flex flex-wrap gap-x-4 gap-y-1 text-slate-800">
                    <a href={telLink(visit.phone)} className="text-brand-700 underline">
                      {visit.phone}
                    </a>
                    <a
                      href={mapLink(address)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="break-words text-brand-700 underline"
                    >
                      {address}
                      <span className="sr-only"> (map, opens in a new tab)</span>
                    </a>
                  </p>
                  {!visit.inArea && (
                    <p className="text-accent-800 text-sm font-semibold">Outside the areas served</p>
                  )}
                  {visit.accessNotes && (
                    <p className="text-sm break-words whitespace-pre-wrap text-slate-700">
                      Access: {visit.accessNotes}
                    </p>
                  )}
                  <VisitActions
                    key={visit.start}
                    visitId={visit.id}
                    start={visit.start}
                    name={visit.name}
                    onChanged={() => void load()}
                    onSessionEnded={onSessionEnded}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      <VisitBlocks blocks={blocks} onChanged={() => void load()} onFailed={failed} />
    </section>
  );
}

interface BlocksProps {
  blocks: VisitBlock[];
  onChanged: () => void;
  onFailed: (error: unknown) => void;
}

/** Days or times the owner cannot visit: listed, added (whole days, or hours of one day), removed. */
function VisitBlocks({ blocks, onChanged, onFailed }: BlocksProps) {
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
        <div>
          <label htmlFor={`${id}-from`} className="block text-sm font-semibold text-slate-800">
            From day
          </label>
          <input
            id={`${id}-from`}
            type="date"
            required
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="block text-sm font-semibold text-slate-800">
            To day
          </label>
          <input
            id={`${id}-to`}
            type="date"
            required
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-slate-800">
            Reason (only you see it)
          </label>
          <input
            id={`${id}-reason`}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </div>
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
