import { useCallback, useEffect, useId, useState, type SubmitEvent } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import {
  addPerson,
  endSession,
  fetchPeople,
  fetchSessions,
  removePerson,
  resendInvitation,
} from "../../../lib/admin/staff-api";
import { ROLE_LABELS, type DeskPerson, type DeskSession } from "../../../lib/admin/people";
import { useDeskFailure } from "./use-desk-failure";
import { buttonDangerOutline, buttonOutline, buttonPrimary } from "../../button";
import FieldError from "./FieldError";
import { fieldAria } from "./field-errors";
import AlertText from "./AlertText";

interface Props {
  onSessionEnded: (error: SessionEndedError) => void;
}

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));

/**
 * The owner's People panel (docs/staff.md): who works in the desk and their role, adding someone
 * (they get an e-mail to create a passkey), removing them, and who is signed in where, each
 * session ended with one tap.
 */
export default function StaffPanel({ onSessionEnded }: Props) {
  const id = useId();
  const [people, setPeople] = useState<DeskPerson[] | null>(null);
  const [sessions, setSessions] = useState<DeskSession[]>([]);
  const { error, setError, failed } = useDeskFailure(onSessionEnded);
  const [status, setStatus] = useState("");
  const [form, setForm] = useState({ name: "", email: "", role: "crew" as "office" | "crew" });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      Promise.all([fetchPeople(), fetchSessions()]).then(([everyone, signedIn]) => {
        setError(null);
        setPeople(everyone);
        setSessions(signedIn);
      }, failed),
    [failed, setError],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const add = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await addPerson(form);
      if (result.ok) {
        setFieldErrors({});
        setStatus(
          result.invitation === "sent"
            ? `${form.name} is added: an e-mail asks them to create a passkey (the link works once, for 7 days).`
            : `${form.name} is added, but the invitation e-mail could not be sent: send it again once e-mail works.`,
        );
        setForm({ name: "", email: "", role: form.role });
        await load();
      } else {
        setFieldErrors(result.fieldErrors);
        setStatus(Object.keys(result.fieldErrors).length ? "" : result.error);
      }
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (person: DeskPerson) => {
    if (
      !window.confirm(`Remove ${person.name}? They are signed out at once and their passkeys stop working.`)
    )
      return;
    try {
      await removePerson(person.id);
      setStatus(`${person.name} is removed.`);
      await load();
    } catch (caught) {
      failed(caught);
    }
  };

  const invite = async (person: DeskPerson) => {
    try {
      const sent = await resendInvitation(person.id);
      setStatus(
        sent === "sent"
          ? `A new invitation is on its way to ${person.name}; the older link no longer works.`
          : `The new invitation to ${person.name} could not be sent: check the e-mail settings and try again.`,
      );
    } catch (caught) {
      failed(caught);
    }
  };

  const end = async (session: DeskSession) => {
    try {
      await endSession(session.id);
      setStatus(`${session.user.name} is signed out on ${session.device}.`);
      await load();
    } catch (caught) {
      failed(caught);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-brand-800">
        People
      </h2>
      <p className="text-sm text-slate-700">
        Who works in the desk. Each signs in with a passkey on their own phone, no shared password.
      </p>
      {error && <AlertText>Could not load the people: {error}</AlertText>}
      <p role="status" className="mt-2 text-slate-800">
        {status}
      </p>
      {people && (
        <ul className="mt-2 divide-y divide-slate-200">
          {people.map((person) => (
            <li key={person.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-semibold text-slate-900">{person.name}</p>
                <p className="text-sm text-slate-700">
                  {ROLE_LABELS[person.role]}
                  {person.email ? ` · ${person.email}` : ""} ·{" "}
                  {person.passkeys
                    ? `${person.passkeys} passkey${person.passkeys === 1 ? "" : "s"}`
                    : "no passkey yet"}
                </p>
              </div>
              {person.role !== "owner" && person.passkeys === 0 && (
                <button type="button" onClick={() => void invite(person)} className={buttonOutline}>
                  Send the invitation again<span className="sr-only"> to {person.name}</span>
                </button>
              )}
              {person.role !== "owner" && (
                <button type="button" onClick={() => void remove(person)} className={buttonDangerOutline}>
                  Remove<span className="sr-only"> {person.name}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void add(event)} className="mt-4 grid gap-3 sm:grid-cols-3" noValidate>
        <div>
          <label htmlFor={`${id}-name`} className="block font-semibold text-slate-800">
            Name
          </label>
          <input
            id={`${id}-name`}
            {...fieldAria(fieldErrors, id, "name")}
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
            autoComplete="off"
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-base"
          />
          <FieldError errors={fieldErrors} id={id} name="name" />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="block font-semibold text-slate-800">
            E-mail
          </label>
          <input
            id={`${id}-email`}
            {...fieldAria(fieldErrors, id, "email")}
            type="email"
            value={form.email}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
            autoComplete="off"
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-base"
          />
          <FieldError errors={fieldErrors} id={id} name="email" />
        </div>
        <div>
          <label htmlFor={`${id}-role`} className="block font-semibold text-slate-800">
            Role
          </label>
          <select
            id={`${id}-role`}
            {...fieldAria(fieldErrors, id, "role")}
            value={form.role}
            onChange={(event) => setForm({ ...form, role: event.target.value as "office" | "crew" })}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-base"
          >
            <option value="crew">Crew</option>
            <option value="office">Office</option>
          </select>
          <FieldError errors={fieldErrors} id={id} name="role" />
        </div>
        <div className="sm:col-span-3">
          <button type="submit" disabled={busy} className={buttonPrimary}>
            {busy ? "Adding..." : "Add person"}
          </button>
        </div>
      </form>
      <SignedIn sessions={sessions} onEnd={(session) => void end(session)} />
    </section>
  );
}

/** Who is signed in where, each with Sign out but this device's own session. */
function SignedIn({ sessions, onEnd }: { sessions: DeskSession[]; onEnd: (session: DeskSession) => void }) {
  return (
    <>
      <h3 className="mt-6 font-bold text-slate-900">Signed in</h3>
      <ul className="mt-1 divide-y divide-slate-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <p className="text-slate-800">
              <span className="font-semibold text-slate-900">{session.user.name}</span> · {session.device} ·{" "}
              {session.method === "passkey" ? "passkey" : "password"} · signed in {when(session.createdAt)}
              {session.current ? " · this device" : ""}
            </p>
            {!session.current && (
              <button type="button" onClick={() => onEnd(session)} className={buttonOutline}>
                Sign out
                <span className="sr-only">
                  {" "}
                  {session.user.name} on {session.device}
                </span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
