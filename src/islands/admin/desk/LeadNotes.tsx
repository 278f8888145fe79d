import { useState, type SubmitEvent } from "react";
import { formatQuoteDate } from "../../../lib/admin/dates";
import { LEAD_NOTE_MAX_LENGTH, type LeadNote } from "../../../lib/lead-model";
import { buttonOutline } from "../../button";

interface Props {
  /** The detail's `useId`. */
  id: string;
  notes: LeadNote[];
  saving: boolean;
  /** Adds the note; resolves to whether the server took it. */
  onAdd: (text: string) => Promise<boolean>;
}

/** The owner's own notes on the lead, oldest first, and a new one to add. */
export default function LeadNotes({ id, notes, saving, onAdd }: Props) {
  const [note, setNote] = useState("");

  const addNote = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = note.trim();
    if (!text) return;
    if (await onAdd(text)) setNote("");
  };

  return (
    <>
      <h3 className="mt-8 text-lg font-bold text-brand-800">Notes ({notes.length})</h3>
      {notes.length > 0 && (
        <ol className="mt-2 space-y-2">
          {notes.map((item, index) => (
            <li key={`${item.at}-${index}`} className="rounded-lg border border-slate-200 p-3">
              <time dateTime={item.at} className="text-sm font-semibold text-slate-700">
                {formatQuoteDate(item.at)}
              </time>
              <p className="break-words whitespace-pre-wrap text-slate-900">{item.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={(event) => void addNote(event)} className="mt-3">
        <label htmlFor={`${id}-note`} className="block text-sm font-semibold text-slate-800">
          New note (only you see it)
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          maxLength={LEAD_NOTE_MAX_LENGTH}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-400 p-3 text-slate-900"
        />
        <button type="submit" disabled={saving || !note.trim()} className={`${buttonOutline} mt-2`}>
          Add Note
        </button>
      </form>
    </>
  );
}
