import { useEffect, useId, useState } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { formatDifference, type Calibration } from "../../../lib/price-guide/calibration";
import { fetchCalibration } from "../../../lib/price-guide/calibration-api";
import { formatPounds } from "../../../lib/price-guide/format";

interface Props {
  onSessionEnded: (error: SessionEndedError) => void;
}

type State =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "loaded"; calibration: Calibration };

/**
 * The price guide check: per job, over the last 12 months, what the owner quoted against the
 * midpoint of the range the visitor was shown, so a band that has drifted from his prices shows.
 */
export default function GuideCalibration({ onSessionEnded }: Props) {
  const headingId = useId();
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    let current = true;
    fetchCalibration().then(
      (calibration) => current && setState({ status: "loaded", calibration }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof SessionEndedError) onSessionEnded(error);
        else setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [onSessionEnded]);

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-bold text-brand-800">
        Price guide check
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        What you quoted in the last 12 months against the middle of the price guide&apos;s range, per job.
        {state.status === "loaded" &&
          ` More than ${state.calibration.tolerancePercent}% either way: time to review that band in the price guide.`}
      </p>
      {state.status === "loading" && (
        <p role="status" className="mt-4 text-slate-700">
          Loading the price guide check...
        </p>
      )}
      {state.status === "error" && (
        <p role="alert" className="mt-4 text-red-800">
          Could not load the price guide check: {state.message}
        </p>
      )}
      {state.status === "loaded" && state.calibration.rows.length === 0 && (
        <p className="mt-4 text-slate-700">
          Nothing to compare yet. When a lead that came through the price guide is marked Quote sent, record
          the amount you quoted on it.
        </p>
      )}
      {state.status === "loaded" && state.calibration.rows.length > 0 && (
        // Focusable, so the table scrolls sideways by keyboard on a narrow screen.
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="group" aria-label="Price guide check by job">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Job
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Quotes
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Within the range
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Guide midpoint
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Quoted, average
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Difference
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 text-slate-900">
              {state.calibration.rows.map((row) => (
                <tr key={row.job}>
                  <th scope="row" className="py-2 pr-4 font-semibold">
                    {row.label}
                  </th>
                  <td className="py-2 pr-4 text-right">{row.quotes}</td>
                  <td className="py-2 pr-4 text-right">{row.inBand}</td>
                  <td className="py-2 pr-4 text-right">{formatPounds(row.guideMidpoint)}</td>
                  <td className="py-2 pr-4 text-right">{formatPounds(row.quotedAverage)}</td>
                  <td className="py-2 text-right">
                    <span className={row.review ? "font-bold text-red-800" : undefined}>
                      {formatDifference(row.differencePercent)}
                    </span>
                    {row.review && <span className="block text-xs text-red-800">Review this band</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
