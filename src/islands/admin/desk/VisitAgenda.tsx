import { useCallback, useEffect, useId, useState } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { telLink } from "../../../lib/links";
import { addDays, formatVisitDay, formatVisitTime, londonDate } from "../../../lib/visits/london-time";
import {
  fetchAgenda,
  fetchBlocks,
  mapLink,
  type AgendaVisit,
  type VisitBlock,
} from "../../../lib/visits/visits-api";
import LoadFailed from "./LoadFailed";
import { useDeskFailure } from "./use-desk-failure";
import VisitActions from "./VisitActions";
import VisitBlocks from "./VisitBlocks";

/** How many days after today the agenda shows. */
const AGENDA_DAYS = 14;

interface Props {
  onOpen: (leadId: string) => void;
  onSessionEnded: (error: SessionEndedError) => void;
  /** The crew's agenda (docs/staff.md): the visits only, without moving, cancelling or blocking days. */
  crew?: boolean;
}

const when = (iso: string) => Date.parse(iso);

/**
 * The survey visits of today and the coming days (address, phone, a map link; move, cancel) and the
 * days or times the owner is not available (docs/visits.md).
 */
export default function VisitAgenda({ onOpen, onSessionEnded, crew = false }: Props) {
  const id = useId();
  const [visits, setVisits] = useState<AgendaVisit[] | null>(null);
  const [blocks, setBlocks] = useState<VisitBlock[]>([]);
  const { error, setError, failed } = useDeskFailure(onSessionEnded);

  const load = useCallback(() => {
    const today = londonDate(Date.now());
    return Promise.all([fetchAgenda(today, addDays(today, AGENDA_DAYS)), crew ? [] : fetchBlocks()]).then(
      ([agenda, blocked]) => {
        setError(null);
        setVisits(agenda);
        setBlocks(blocked);
      },
      failed,
    );
  }, [failed, setError, crew]);

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
      {error && <LoadFailed what="the visits" error={error} onRetry={() => void load()} />}
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
                  {!crew && (
                    <VisitActions
                      key={visit.start}
                      visitId={visit.id}
                      start={visit.start}
                      name={visit.name}
                      onChanged={() => void load()}
                      onSessionEnded={onSessionEnded}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {!crew && <VisitBlocks blocks={blocks} onChanged={() => void load()} onFailed={failed} />}
    </section>
  );
}
