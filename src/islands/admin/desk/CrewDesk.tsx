import { useEffect, useRef, useState } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import type { DeskUser } from "../../../lib/admin/people";
import { fullName } from "../../../lib/admin/quotes";
import { fetchLead, type LeadWithEtag } from "../../../lib/leads-api";
import { telLink } from "../../../lib/links";
import { buttonOutline, buttonPrimary } from "../../button";
import LeadAttachments from "./LeadAttachments";
import LeadContact from "./LeadContact";
import PasskeyButton from "./PasskeyButton";
import DeskBar from "./DeskBar";
import { DESK_MAIN_ID } from "./desk-sections";
import VisitAgenda from "./VisitAgenda";

interface Props {
  user: DeskUser;
  /** The server ended the session: lock, saying why. */
  onLock: (reason: string) => void;
  onSignOut: () => void;
}

type Open =
  { status: "loading" } | { status: "error"; message: string } | { status: "loaded"; lead: LeadWithEtag };

/**
 * The crew's desk (docs/staff.md): the survey visits of the coming days, and a customer on them
 * with how to reach them, the address and access notes, their message and photos. No prices,
 * money, other leads or settings: the server answers only this, the screen shows only this.
 */
export default function CrewDesk({ user, onLock, onSignOut }: Props) {
  const [open, setOpen] = useState<{ id: string; state: Open } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ended = (error: SessionEndedError) => onLock(error.message);

  const show = (id: string) => {
    setOpen({ id, state: { status: "loading" } });
    fetchLead(id).then(
      (lead) => setOpen({ id, state: { status: "loaded", lead } }),
      (error: unknown) => {
        if (error instanceof SessionEndedError) ended(error);
        else
          setOpen({
            id,
            state: { status: "error", message: error instanceof Error ? error.message : String(error) },
          });
      },
    );
  };

  useEffect(() => {
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, [open?.id]);

  return (
    <div>
      <DeskBar sections={[]} onSection={() => {}} onSignOut={onSignOut} />
      <div
        id={DESK_MAIN_ID}
        tabIndex={-1}
        className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pt-4 pb-5 focus:outline-none"
      >
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold text-brand-800 focus:outline-none">
            Your visits
          </h1>
          <p className="mt-1 text-slate-700">Signed in as {user.name}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <PasskeyButton />
        </div>
      </div>
      <div className="mt-6">
        {open ? (
          <CrewLead state={open.state} onBack={() => setOpen(null)} onRetry={() => show(open.id)} />
        ) : (
          <VisitAgenda crew onOpen={show} onSessionEnded={ended} />
        )}
      </div>
    </div>
  );
}

function CrewLead({ state, onBack, onRetry }: { state: Open; onBack: () => void; onRetry: () => void }) {
  return (
    <article className="space-y-6">
      <button type="button" onClick={onBack} className={buttonOutline}>
        <span aria-hidden="true">←</span> Back to the visits
      </button>
      {state.status === "loading" && (
        <p role="status" className="py-10 text-center text-slate-700">
          Loading the customer...
        </p>
      )}
      {state.status === "error" && (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
          <p className="font-semibold">Could not load the customer</p>
          <p className="mt-1">{state.message}</p>
          <button type="button" onClick={onRetry} className={`${buttonOutline} mt-4`}>
            Try Again
          </button>
        </div>
      )}
      {state.status === "loaded" && <CrewLeadBody lead={state.lead} />}
    </article>
  );
}

function CrewLeadBody({ lead }: { lead: LeadWithEtag }) {
  const submission = lead.submission;
  const booking = submission.visit?.booking;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-2xl font-bold text-brand-800">{fullName(submission)}</h2>
      <a href={telLink(submission.phone)} className={`${buttonPrimary} mt-4`}>
        Call Customer
      </a>
      {booking && (
        <p className="mt-4 text-slate-900">
          {booking.addressLine1}, {booking.town} {booking.postcode}
          {booking.accessNotes && (
            <span className="block text-sm whitespace-pre-wrap text-slate-700">
              Access: {booking.accessNotes}
            </span>
          )}
        </p>
      )}
      <h3 className="mt-6 text-lg font-bold text-brand-800">Message</h3>
      <p className="mt-2 break-words whitespace-pre-wrap text-slate-900">{submission.message}</p>
      <LeadAttachments attachments={submission.attachments} />
      <LeadContact submission={submission} />
    </div>
  );
}
