import { useState } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { describeAuditEvent, type AuditEvent } from "../../../lib/admin/audit";
import { fetchAuditLog } from "../../../lib/admin/audit-api";
import { formatQuoteDate } from "../../../lib/admin/dates";

type State =
  | { status: "closed" }
  | { status: "loading" }
  | { status: "loaded"; events: AuditEvent[] }
  | { status: "error"; message: string };

/**
 * "Activity log" at the foot of the lead desk: sign-ins, failed sign-ins, exports, erasures and
 * restores, newest first, read from the server when the owner opens it.
 */
export default function AuditLog({ onSessionEnded }: { onSessionEnded: (error: SessionEndedError) => void }) {
  const [state, setState] = useState<State>({ status: "closed" });

  const load = async () => {
    setState({ status: "loading" });
    try {
      setState({ status: "loaded", events: await fetchAuditLog() });
    } catch (error) {
      if (error instanceof SessionEndedError) onSessionEnded(error);
      else setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <details
      className="rounded-xl border border-slate-200 bg-white p-4"
      onToggle={(event) => {
        if (event.currentTarget.open && state.status !== "loading") void load();
      }}
    >
      <summary className="cursor-pointer font-semibold text-brand-800">Activity log</summary>
      <p className="mt-2 text-sm text-slate-700">
        Sign-ins, failed sign-ins, exports, deleted leads and restored backups, newest first.
      </p>
      {state.status === "loading" && (
        <p role="status" className="mt-3 text-slate-700">
          Loading the activity log...
        </p>
      )}
      {state.status === "error" && (
        <p role="alert" className="mt-3 text-red-800">
          Could not load the activity log: {state.message}
        </p>
      )}
      {state.status === "loaded" &&
        (state.events.length === 0 ? (
          <p className="mt-3 text-slate-700">Nothing recorded yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-200">
            {state.events.map((event, index) => (
              <li key={`${event.at}-${index}`} className="flex flex-wrap gap-x-4 py-2">
                <time dateTime={event.at} className="font-semibold text-slate-700 tabular-nums">
                  {formatQuoteDate(event.at)}
                </time>
                <span className="break-all text-slate-900">{describeAuditEvent(event)}</span>
              </li>
            ))}
          </ol>
        ))}
    </details>
  );
}
