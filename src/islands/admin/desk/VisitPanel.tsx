import { useState } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { formatQuoteDate } from "../../../lib/admin/dates";
import { formatVisitWhen } from "../../../lib/visits/london-time";
import { inviteToVisit, mapLink, type LeadVisitSummary } from "../../../lib/visits/visits-api";
import { useDeskFailure } from "./use-desk-failure";
import { buttonOutline, buttonPrimary } from "../../button";
import VisitActions from "./VisitActions";
import AlertText from "./AlertText";

interface Props {
  leadId: string;
  name: string;
  visit: LeadVisitSummary | null | undefined;
  /** Reads the lead again in place (its visit, status and notes changed). */
  onReload: () => Promise<void>;
  onSessionEnded: (error: SessionEndedError) => void;
}

const STATUS_TEXT: Record<LeadVisitSummary["status"], string> = {
  invited: "Invited: no time booked yet",
  booked: "Booked",
  cancelled: "Cancelled",
};

/**
 * A lead's survey visit: the booking (move, cancel) and "Invite to book a visit" (docs/visits.md); a
 * new link for a customer who has booked is sent only once the owner confirms.
 */
export default function VisitPanel({ leadId, name, visit, onReload, onSessionEnded }: Props) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const { error, setError, failed } = useDeskFailure(onSessionEnded);
  /** A customer who has booked gets a new link only once the owner has said yes. */
  const [asking, setAsking] = useState(false);
  const booking = visit?.booking?.status === "booked" ? visit.booking : null;

  const invite = async () => {
    setSending(true);
    setError(null);
    try {
      setSent(await inviteToVisit(leadId));
      await onReload();
    } catch (caught) {
      failed(caught);
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby={`visit-${leadId}`} className="mt-8">
      <h3 id={`visit-${leadId}`} className="text-lg font-bold text-brand-800">
        Survey visit
      </h3>
      {!visit && <p className="mt-2 text-slate-700">Not invited yet</p>}
      {visit && (
        <p className="mt-2 text-slate-800">
          {STATUS_TEXT[visit.status]} · invited {formatQuoteDate(visit.invitedAt)}
        </p>
      )}
      {booking && (
        <div className="mt-3 rounded-lg border border-brand-100 bg-brand-50 p-4">
          <p className="font-semibold text-slate-900">
            {formatVisitWhen(Date.parse(booking.start), Date.parse(booking.end))}
          </p>
          <p className="text-slate-800">
            <a
              href={mapLink(`${booking.addressLine1}, ${booking.town} ${booking.postcode}`)}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-700 underline"
            >
              {booking.addressLine1}, {booking.town} {booking.postcode}
              <span className="sr-only"> (map, opens in a new tab)</span>
            </a>
          </p>
          {!booking.inArea && <p className="text-accent-800 font-semibold">Outside the areas served</p>}
          {booking.accessNotes && (
            <p className="break-words whitespace-pre-wrap text-slate-800">Access: {booking.accessNotes}</p>
          )}
          <VisitActions
            key={booking.start}
            visitId={booking.id}
            start={booking.start}
            name={name}
            onChanged={() => void onReload().catch(() => undefined)}
            onSessionEnded={onSessionEnded}
          />
        </div>
      )}
      <div className="mt-3">
        {asking && booking ? (
          <div
            role="group"
            aria-labelledby={`visit-ask-${leadId}`}
            className="rounded-lg border-2 border-brand-700 p-4"
          >
            <p id={`visit-ask-${leadId}`} className="font-semibold text-slate-900">
              Send a new visit link?
            </p>
            <p className="mt-1 text-slate-800">
              {name} has booked {formatVisitWhen(Date.parse(booking.start), Date.parse(booking.end))}. A new
              link e-mails them again, and the link they have stops working.
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <button
                type="button"
                disabled={sending}
                onClick={() => {
                  setAsking(false);
                  void invite();
                }}
                className={buttonPrimary}
              >
                Send the new link
              </button>
              <button type="button" onClick={() => setAsking(false)} className={buttonOutline}>
                Not now
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            disabled={sending}
            onClick={() => (booking ? setAsking(true) : void invite())}
            className={buttonOutline}
          >
            {visit ? "Send a new visit link" : "Invite to book a visit"}
          </button>
        )}
        <div aria-live="polite">
          {sent && (
            <p className="mt-2 break-all text-green-800">
              Sent. The customer's link:{" "}
              <a href={sent} className="underline">
                {sent}
              </a>
            </p>
          )}
        </div>
        {error && <AlertText>{error}</AlertText>}
      </div>
    </section>
  );
}
