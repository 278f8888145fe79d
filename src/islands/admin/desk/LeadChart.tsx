import { useId } from "react";
import { LEAD_CHART_WEEKS, type LeadStats } from "../../../lib/lead-model";

interface Props {
  stats: LeadStats | null;
  error: string | null;
  by: LeadStats["by"];
  onBy: (by: LeadStats["by"]) => void;
}

/** Colours with at least 3:1 contrast on white (WCAG 1.4.11); the last one is "Other". */
const COLOURS = ["#1e3a5f", "#b45309", "#047857", "#7c3aed", "#be123c", "#0369a1", "#475569"];
const SHOWN_GROUPS = COLOURS.length - 1;
const OTHER = "Other";

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", timeZone: "UTC" });
const MONTH = new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" });
const FULL = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** Folds groups beyond the first few into "Other", so the colours stay few and distinct. */
function foldGroups(stats: LeadStats): {
  groups: string[];
  weeks: { start: string; counts: Map<string, number> }[];
} {
  const shown = stats.groups.slice(
    0,
    stats.groups.length > SHOWN_GROUPS + 1 ? SHOWN_GROUPS : SHOWN_GROUPS + 1,
  );
  const folded = stats.groups.length > shown.length;
  const weeks = stats.weeks.map((week) => {
    const counts = new Map<string, number>();
    for (const [group, count] of Object.entries(week.counts)) {
      const key = shown.includes(group) ? group : OTHER;
      counts.set(key, (counts.get(key) ?? 0) + count);
    }
    return { start: week.start, counts };
  });
  return { groups: folded ? [...shown, OTHER] : shown, weeks };
}

/** Leads per week for the last 12 weeks as stacked bars (plain CSS), with the numbers as a table. */
export default function LeadChart({ stats, error, by, onBy }: Props) {
  const headingId = useId();
  const data = stats && stats.by === by ? foldGroups(stats) : null;
  const totals = data?.weeks.map((week) => [...week.counts.values()].reduce((a, b) => a + b, 0)) ?? [];
  const max = Math.max(1, ...totals);
  const sum = totals.reduce((a, b) => a + b, 0);
  const colour = (group: string) =>
    group === OTHER ? COLOURS[COLOURS.length - 1]! : COLOURS[data!.groups.indexOf(group) % SHOWN_GROUPS]!;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-brand-800">
          Leads per week
        </h2>
        <div role="group" aria-label="Group the chart" className="flex gap-2">
          {(["service", "source"] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={by === value}
              onClick={() => onBy(value)}
              className={`min-h-11 rounded-lg border-2 px-3 font-semibold ${
                by === value
                  ? "border-brand-800 bg-brand-800 text-white"
                  : "border-slate-300 bg-white text-slate-800"
              }`}
            >
              By {value}
            </button>
          ))}
        </div>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-red-800">
          Could not load the chart: {error}
        </p>
      )}
      {!error && !data && (
        <p role="status" className="mt-3 text-slate-700">
          Loading chart...
        </p>
      )}
      {data && (
        <>
          <div
            role="img"
            aria-label={`${sum} leads in the last ${LEAD_CHART_WEEKS} weeks, by ${by}; the busiest week had ${Math.max(0, ...totals)}. The numbers are in the table below.`}
            className="mt-4"
          >
            <div className="flex h-40 items-end gap-1 border-b border-slate-400 sm:gap-2">
              {data.weeks.map((week, index) => (
                <div
                  key={week.start}
                  className="flex h-full min-w-0 flex-1 flex-col-reverse"
                  title={`${FULL.format(new Date(week.start))}: ${totals[index]}`}
                >
                  {data.groups.map((group) => {
                    const count = week.counts.get(group) ?? 0;
                    return count ? (
                      <div
                        key={group}
                        className="w-full border-t border-white first:rounded-b-none last:rounded-t-sm"
                        style={{ height: `${(count / max) * 100}%`, backgroundColor: colour(group) }}
                      />
                    ) : null;
                  })}
                </div>
              ))}
            </div>
            <div
              aria-hidden="true"
              className="mt-1 flex gap-1 text-center text-xs leading-tight text-slate-700 sm:gap-2"
            >
              {data.weeks.map((week, index) => (
                // On a phone every other week is named, so the labels never run together.
                <div
                  key={week.start}
                  className={`min-w-0 flex-1 ${(data.weeks.length - 1 - index) % 2 ? "invisible sm:visible" : ""}`}
                >
                  {DAY.format(new Date(week.start))}
                  <br />
                  {MONTH.format(new Date(week.start))}
                </div>
              ))}
            </div>
          </div>
          {data.groups.length > 0 ? (
            <ul aria-label="Legend" className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-800">
              {data.groups.map((group) => (
                <li key={group} className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="inline-block size-3 rounded-sm"
                    style={{ backgroundColor: colour(group) }}
                  />
                  {group}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-sm text-slate-700">No leads in these weeks.</p>
          )}
          <details className="mt-3 text-sm">
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">
              Show the numbers
            </summary>
            <div className="overflow-x-auto">
              <table className="mt-2 w-full text-left">
                <caption className="sr-only">Leads per week by {by}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="pr-3">
                      Week of
                    </th>
                    {data.groups.map((group) => (
                      <th key={group} scope="col" className="pr-3">
                        {group}
                      </th>
                    ))}
                    <th scope="col">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {data.weeks.map((week, index) => (
                    <tr key={week.start}>
                      <th scope="row" className="pr-3 font-normal">
                        {FULL.format(new Date(week.start))}
                      </th>
                      {data.groups.map((group) => (
                        <td key={group} className="pr-3">
                          {week.counts.get(group) ?? 0}
                        </td>
                      ))}
                      <td>{totals[index]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
