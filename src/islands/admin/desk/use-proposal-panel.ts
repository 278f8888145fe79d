import { useEffect, useState, type SubmitEvent } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import type { QuoteView } from "../../../lib/proposals/quote-document";
import {
  ProposalRefusal,
  previewProposal,
  readProposal,
  saveDraft,
  sendProposal,
  withdrawProposal,
  type ProposalSummary,
} from "../../../lib/proposals/proposals-api";
import type { FieldErrors } from "./field-errors";
import { bodyOf, draftOf, emptyDraft, summaryOf, type Draft, type LineDraft } from "./proposal-draft";

export type Message = { kind: "done" | "error"; text: string } | null;

interface Remembered {
  draft: Draft | null;
  message: Message;
  sentUrl: string | null;
}

/**
 * What the panel shows of its own, by lead: sending or withdrawing reads the lead again (its status
 * and quoted amount change), which remounts the detail; the draft, the message and the customer's
 * link survive that.
 */
const remembered = new Map<string, Remembered>();

interface Options {
  leadId: string;
  proposals: ProposalSummary[];
  /** Reads the lead again: its status, quoted amount and quotes change with a quote. */
  onReload: () => void;
  onSessionEnded: (error: SessionEndedError) => void;
}

/**
 * The written quotes' panel state and calls: the lead's quotes, the draft being typed, the server's
 * field errors, the message, the preview and the link of the quote just sent.
 */
export function useProposalPanel({ leadId, proposals, onReload, onSessionEnded }: Options) {
  const memory = remembered.get(leadId);
  const [draft, setDraft] = useState<Draft | null>(memory?.draft ?? null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(memory?.message ?? null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<QuoteView | null>(null);
  const [sentUrl, setSentUrl] = useState<string | null>(memory?.sentUrl ?? null);
  const [list, setList] = useState(proposals);

  // The lead read again brings the server's list (React's "adjusting state when a prop changes").
  const [listed, setListed] = useState(proposals);
  if (listed !== proposals) {
    setListed(proposals);
    setList(proposals);
  }
  useEffect(() => {
    remembered.set(leadId, { draft, message, sentUrl });
  }, [leadId, draft, message, sentUrl]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (error) {
      if (error instanceof SessionEndedError) onSessionEnded(error);
      else if (error instanceof ProposalRefusal) {
        setFieldErrors(error.fieldErrors);
        const fields = Object.values(error.fieldErrors).flat();
        setMessage({
          kind: "error",
          text: fields.length ? `${error.message}: ${fields.join(" ")}` : error.message,
        });
      } else setMessage({ kind: "error", text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  const change = (patch: Partial<Draft>) =>
    setDraft((current) => (current ? { ...current, ...patch } : current));
  const changeLine = (key: number, patch: Partial<LineDraft>) =>
    setDraft((current) =>
      current
        ? {
            ...current,
            lines: current.lines.map((line) => (line.key === key ? { ...line, ...patch } : line)),
          }
        : current,
    );

  /** Shows the outcome, kept for the remount that reading the lead again brings. */
  const reloadWith = (next: Remembered) => {
    remembered.set(leadId, next);
    setDraft(next.draft);
    setMessage(next.message);
    setSentUrl(next.sentUrl);
    onReload();
  };

  /** Saves the draft; resolves to its id. */
  const save = async (): Promise<string> => {
    if (!draft) throw new Error("No draft");
    const saved = await saveDraft(leadId, draft.id, bodyOf(draft));
    setFieldErrors({});
    change({ id: saved.id });
    setList((current) => [summaryOf(saved), ...current.filter((other) => other.id !== saved.id)]);
    return saved.id;
  };

  const edit = (proposalId: string) =>
    run(async () => {
      const proposal = await readProposal(proposalId);
      setDraft(draftOf(proposal));
      setFieldErrors({});
    });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      await save();
      setMessage({ kind: "done", text: "Draft saved" });
    });
  };

  const showPreview = (proposalId?: string) =>
    run(async () => setPreview(await previewProposal(proposalId ?? (await save()))));

  const send = () =>
    run(async () => {
      const proposalId = await save();
      if (!window.confirm("Send this quote to the customer now? It cannot be changed once sent.")) return;
      const sent = await sendProposal(proposalId);
      reloadWith({
        draft: null,
        sentUrl: sent.customerUrl ? `${window.location.origin}${sent.customerUrl}` : null,
        message: { kind: "done", text: `Quote ${sent.number} sent to the customer` },
      });
    });

  const withdraw = (proposal: ProposalSummary) => {
    const label = proposal.number ? `quote ${proposal.number}` : "this draft";
    if (!window.confirm(`Withdraw ${label}? The customer's link will no longer accept it.`)) return;
    void run(async () => {
      await withdrawProposal(proposal.id);
      reloadWith({
        draft: draft?.id === proposal.id ? null : draft,
        sentUrl: null,
        message: { kind: "done", text: `Withdrew ${label}` },
      });
    });
  };

  const startNew = () => {
    setDraft(emptyDraft());
    setSentUrl(null);
    setFieldErrors({});
  };

  const close = () => {
    setDraft(null);
    setFieldErrors({});
  };

  return {
    list,
    draft,
    busy,
    message,
    fieldErrors,
    preview,
    sentUrl,
    change,
    changeLine,
    edit,
    submit,
    showPreview,
    send,
    withdraw,
    startNew,
    close,
    closePreview: () => setPreview(null),
  };
}
