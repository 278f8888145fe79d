import { useEffect, useId, useState, type SubmitEvent } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { formatQuoteDate } from "../../../lib/admin/dates";
import { storedEstimate } from "../../../lib/price-guide/estimate";
import { guideShownText } from "../../../lib/price-guide/format";
import {
  depositOf,
  formatPounds,
  penceFromPounds,
  totalsOf,
  VAT_RATES,
  type VatRate,
} from "../../../lib/proposals/money";
import {
  MAX_DEPOSIT_PERCENT,
  MAX_PROPOSAL_LINES,
  type ProposalBody,
} from "../../../lib/proposals/proposal-schema";
import { PROPOSAL_STATUS_LABELS } from "../../../lib/proposals/proposal-status";
import type { QuoteView } from "../../../lib/proposals/quote-document";
import {
  ProposalRefusal,
  previewProposal,
  readProposal,
  saveDraft,
  sendProposal,
  withdrawProposal,
  type AdminProposal,
  type ProposalSummary,
} from "../../../lib/proposals/proposals-api";
import {
  buttonDangerOutline,
  buttonNeutral,
  buttonOutline,
  buttonPrimary,
  buttonSecondary,
} from "../../button";
import ProposalPreview from "./ProposalPreview";

interface Props {
  leadId: string;
  /** The lead's `estimate` (the price guide's band the visitor saw). */
  estimate: unknown;
  proposals: ProposalSummary[];
  /** Reads the lead again: its status, quoted amount and quotes change with a quote. */
  onReload: () => void;
  onSessionEnded: (error: SessionEndedError) => void;
}

/** A line as typed: the price in pounds, the quantity as text, until saved. */
interface LineDraft {
  key: number;
  description: string;
  quantity: string;
  price: string;
  vatRate: VatRate;
  optional: boolean;
}

interface Draft {
  id: string | null;
  lines: LineDraft[];
  deposit: string;
  notes: string;
  startWindow: string;
}

let nextKey = 1;
const emptyLine = (): LineDraft => ({
  key: nextKey++,
  description: "",
  quantity: "1",
  price: "",
  vatRate: 20,
  optional: false,
});
const emptyDraft = (): Draft => ({
  id: null,
  lines: [emptyLine()],
  deposit: "25",
  notes: "",
  startWindow: "",
});

const quantityOf = (text: string) => (/^\s*\d+(\.\d{1,2})?\s*$/.test(text) ? Number(text) : Number.NaN);

/** The body the API takes: prices in pence. Unreadable numbers go as they are, for the server's words. */
function bodyOf(draft: Draft): ProposalBody {
  return {
    lines: draft.lines.map((line) => ({
      description: line.description,
      quantity: quantityOf(line.quantity),
      unitPrice: penceFromPounds(line.price) ?? Number.NaN,
      vatRate: line.vatRate,
      optional: line.optional,
    })),
    depositPercent: /^\s*\d+\s*$/.test(draft.deposit) ? Number(draft.deposit) : Number.NaN,
    notes: draft.notes.trim() || undefined,
    startWindow: draft.startWindow.trim() || undefined,
  };
}

const poundsText = (pence: number) => (pence / 100).toFixed(2);

type Message = { kind: "done" | "error"; text: string } | null;

/**
 * What the panel shows of its own, by lead: sending or withdrawing reads the lead again (its status
 * and quoted amount change), which remounts the detail; the draft, the message and the customer's
 * link survive that.
 */
const remembered = new Map<string, { draft: Draft | null; message: Message; sentUrl: string | null }>();

const summaryOf = (proposal: AdminProposal): ProposalSummary => ({
  id: proposal.id,
  number: proposal.number,
  version: proposal.version,
  status: proposal.status,
  totals: proposal.totals,
  sentAt: proposal.sentAt,
  viewedAt: proposal.viewedAt,
  decidedAt: proposal.decidedAt,
  validUntil: proposal.validUntil,
  cancelledAt: proposal.cancelledAt,
  startEarly: null,
  declineReason: proposal.declineReason,
});

const DATE_FIELDS = [
  ["Sent", "sentAt"],
  ["Viewed", "viewedAt"],
  ["Decided", "decidedAt"],
  ["Cancelled", "cancelledAt"],
] as const;

/**
 * The lead's written quotes (docs/proposals.md, "The desk"): build a draft line by line with live
 * totals from the one money module beside the price guide's band, save it, preview it as the
 * customer sees it, send it and follow it; withdraw a draft or an unanswered quote.
 */
export default function ProposalPanel({ leadId, estimate, proposals, onReload, onSessionEnded }: Props) {
  const id = useId();
  const memory = remembered.get(leadId);
  const [draft, setDraft] = useState<Draft | null>(memory?.draft ?? null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(memory?.message ?? null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [preview, setPreview] = useState<QuoteView | null>(null);
  const [sentUrl, setSentUrl] = useState<string | null>(memory?.sentUrl ?? null);
  const [list, setList] = useState(proposals);
  const band = storedEstimate(estimate);

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
  const reloadWith = (next: { draft: Draft | null; message: Message; sentUrl: string | null }) => {
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
      setDraft({
        id: proposal.id,
        lines: proposal.lines.map((line) => ({
          key: nextKey++,
          description: line.description,
          quantity: String(line.quantity),
          price: poundsText(line.unitPrice),
          vatRate: line.vatRate,
          optional: line.optional,
        })),
        deposit: String(proposal.depositPercent),
        notes: proposal.notes ?? "",
        startWindow: proposal.startWindow ?? "",
      });
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

  const body = draft ? bodyOf(draft) : null;
  const moneyLines = body?.lines.map((line) => ({
    ...line,
    quantity: Number.isFinite(line.quantity) ? line.quantity : 0,
    unitPrice: Number.isFinite(line.unitPrice) ? line.unitPrice : 0,
  }));
  const totals = moneyLines ? totalsOf(moneyLines) : null;
  const withOptions = moneyLines
    ? totalsOf(
        moneyLines,
        moneyLines.map((_, index) => index),
      )
    : null;
  const deposit =
    totals && body && Number.isFinite(body.depositPercent)
      ? depositOf(totals.total, body.depositPercent)
      : null;
  const errorOf = (key: string) => fieldErrors[key]?.join(" ");
  const described = (key: string) => (errorOf(key) ? `${id}-${key}-error` : undefined);
  const errorText = (key: string) =>
    errorOf(key) && (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm font-semibold text-red-800">
        {errorOf(key)}
      </p>
    );
  const input = "mt-1 block w-full min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-slate-900";

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h3 id={`${id}-heading`} className="text-lg font-bold text-brand-800">
        Written quote
      </h3>

      {list.length > 0 && (
        <ul aria-label="Quotes on this lead" className="mt-2 space-y-2">
          {list.map((proposal) => (
            <li key={proposal.id} className="rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold text-slate-900">
                  {proposal.number ?? `Draft (version ${proposal.version})`}
                </p>
                <p className="rounded-full bg-brand-50 px-3 py-0.5 text-sm font-semibold text-brand-800">
                  {PROPOSAL_STATUS_LABELS[proposal.status]}
                </p>
              </div>
              <p className="text-slate-800">{formatPounds(proposal.totals.total)} including VAT</p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-800">
                {DATE_FIELDS.filter(([, key]) => proposal[key]).map(([label, key]) => (
                  <div key={key} className="contents">
                    <dt className="font-semibold">{label}</dt>
                    <dd>{formatQuoteDate(proposal[key]!)}</dd>
                  </div>
                ))}
                {proposal.startEarly !== null && (
                  <div className="contents">
                    <dt className="font-semibold">Start</dt>
                    <dd>
                      {proposal.startEarly
                        ? "Asked to start within the 14 days"
                        : "Wait 14 days before starting"}
                    </dd>
                  </div>
                )}
                {proposal.status === "declined" && (
                  <div className="contents">
                    <dt className="font-semibold">Reason</dt>
                    <dd className="break-words">{proposal.declineReason ?? "None given"}</dd>
                  </div>
                )}
              </dl>
              <div className="mt-2 flex flex-wrap gap-2">
                {proposal.status === "draft" && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void edit(proposal.id)}
                    className={buttonOutline}
                  >
                    Edit<span className="sr-only"> draft version {proposal.version}</span>
                  </button>
                )}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void showPreview(proposal.id)}
                  className={buttonNeutral}
                >
                  Preview
                  <span className="sr-only"> {proposal.number ?? `draft version ${proposal.version}`}</span>
                </button>
                {["draft", "sent", "viewed"].includes(proposal.status) && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => withdraw(proposal)}
                    className={buttonDangerOutline}
                  >
                    Withdraw
                    <span className="sr-only"> {proposal.number ?? `draft version ${proposal.version}`}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <div aria-live="polite" className="mt-2 min-h-6">
        {message?.kind === "done" && <p className="text-green-800">{message.text}</p>}
        {sentUrl && (
          <p className="break-all text-slate-900">
            Customer's link:{" "}
            <a href={sentUrl} className="text-brand-700 underline">
              {sentUrl}
            </a>
          </p>
        )}
      </div>
      {message?.kind === "error" && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {message.text}
        </p>
      )}

      {!draft ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            setDraft(emptyDraft());
            setSentUrl(null);
            setFieldErrors({});
          }}
          className={`${buttonOutline} mt-2`}
        >
          New quote
        </button>
      ) : (
        <form onSubmit={submit} noValidate className="mt-3 space-y-4 rounded-lg bg-slate-50 p-3 sm:p-4">
          <fieldset disabled={busy} className="space-y-4">
            <legend className="font-semibold text-slate-900">
              {draft.id ? "Change the draft" : "New quote"}
            </legend>
            <ol className="space-y-3" aria-label="Lines">
              {draft.lines.map((line, index) => {
                const key = (name: string) => `lines.${index}.${name}`;
                return (
                  <li key={line.key} className="rounded-lg border border-slate-300 bg-white p-3">
                    <p className="text-sm font-semibold text-slate-700">Line {index + 1}</p>
                    <label
                      htmlFor={`${id}-d-${line.key}`}
                      className="mt-1 block text-sm font-semibold text-slate-800"
                    >
                      Description
                    </label>
                    <input
                      id={`${id}-d-${line.key}`}
                      value={line.description}
                      maxLength={500}
                      aria-invalid={errorOf(key("description")) ? true : undefined}
                      aria-describedby={described(key("description"))}
                      onChange={(event) => changeLine(line.key, { description: event.target.value })}
                      className={input}
                    />
                    {errorText(key("description"))}
                    <div className="mt-2 grid grid-cols-2 items-end gap-3 sm:grid-cols-[6rem_9rem_7rem_1fr]">
                      <div>
                        <label
                          htmlFor={`${id}-q-${line.key}`}
                          className="block text-sm font-semibold text-slate-800"
                        >
                          Quantity
                        </label>
                        <input
                          id={`${id}-q-${line.key}`}
                          inputMode="decimal"
                          value={line.quantity}
                          aria-invalid={errorOf(key("quantity")) ? true : undefined}
                          aria-describedby={described(key("quantity"))}
                          onChange={(event) => changeLine(line.key, { quantity: event.target.value })}
                          className={input}
                        />
                        {errorText(key("quantity"))}
                      </div>
                      <div>
                        <label
                          htmlFor={`${id}-p-${line.key}`}
                          className="block text-sm font-semibold text-slate-800"
                        >
                          Unit price (£, no VAT)
                        </label>
                        <input
                          id={`${id}-p-${line.key}`}
                          inputMode="decimal"
                          value={line.price}
                          aria-invalid={errorOf(key("unitPrice")) ? true : undefined}
                          aria-describedby={described(key("unitPrice"))}
                          onChange={(event) => changeLine(line.key, { price: event.target.value })}
                          className={input}
                        />
                        {errorText(key("unitPrice"))}
                      </div>
                      <div>
                        <label
                          htmlFor={`${id}-v-${line.key}`}
                          className="block text-sm font-semibold text-slate-800"
                        >
                          VAT rate
                        </label>
                        <select
                          id={`${id}-v-${line.key}`}
                          value={line.vatRate}
                          onChange={(event) =>
                            changeLine(line.key, { vatRate: Number(event.target.value) as VatRate })
                          }
                          className={input}
                        >
                          {VAT_RATES.map((rate) => (
                            <option key={rate} value={rate}>
                              {rate}%
                            </option>
                          ))}
                        </select>
                      </div>
                      <div className="flex items-end gap-3">
                        <label className="flex min-h-11 items-center gap-2 text-slate-900">
                          <input
                            type="checkbox"
                            checked={line.optional}
                            onChange={(event) => changeLine(line.key, { optional: event.target.checked })}
                            className="size-5 accent-brand-800"
                          />
                          Optional
                        </label>
                      </div>
                    </div>
                    {draft.lines.length > 1 && (
                      <button
                        type="button"
                        onClick={() =>
                          change({ lines: draft.lines.filter((other) => other.key !== line.key) })
                        }
                        className={`${buttonNeutral} mt-2`}
                      >
                        Remove line {index + 1}
                      </button>
                    )}
                  </li>
                );
              })}
            </ol>
            {errorText("lines")}
            <button
              type="button"
              disabled={draft.lines.length >= MAX_PROPOSAL_LINES}
              onClick={() => change({ lines: [...draft.lines, emptyLine()] })}
              className={buttonOutline}
            >
              Add line
            </button>

            <div className="grid gap-3 sm:grid-cols-[9rem_1fr]">
              <div>
                <label htmlFor={`${id}-deposit`} className="block text-sm font-semibold text-slate-800">
                  Deposit (%, at most {MAX_DEPOSIT_PERCENT})
                </label>
                <input
                  id={`${id}-deposit`}
                  inputMode="numeric"
                  value={draft.deposit}
                  aria-invalid={errorOf("depositPercent") ? true : undefined}
                  aria-describedby={described("depositPercent")}
                  onChange={(event) => change({ deposit: event.target.value })}
                  className={input}
                />
                {errorText("depositPercent")}
              </div>
              <div>
                <label htmlFor={`${id}-start`} className="block text-sm font-semibold text-slate-800">
                  Start window
                </label>
                <input
                  id={`${id}-start`}
                  value={draft.startWindow}
                  maxLength={200}
                  placeholder="e.g. Within 3 weeks of accepting"
                  onChange={(event) => change({ startWindow: event.target.value })}
                  className={input}
                />
              </div>
            </div>
            <div>
              <label htmlFor={`${id}-notes`} className="block text-sm font-semibold text-slate-800">
                Notes (printed on the quote)
              </label>
              <textarea
                id={`${id}-notes`}
                value={draft.notes}
                maxLength={2000}
                rows={3}
                onChange={(event) => change({ notes: event.target.value })}
                className="mt-1 w-full rounded-lg border border-slate-400 bg-white p-3 text-slate-900"
              />
            </div>

            {totals && (
              <div className="grid gap-3 rounded-lg border border-slate-300 bg-white p-3 sm:grid-cols-2">
                <dl className="space-y-1 text-slate-900">
                  <div className="flex justify-between gap-3 text-lg font-bold">
                    <dt>Total including VAT</dt>
                    <dd className="tabular-nums" data-desk-total>
                      {formatPounds(totals.total)}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-3">
                    <dt>VAT</dt>
                    <dd className="tabular-nums">{formatPounds(totals.vat)}</dd>
                  </div>
                  <div className="flex justify-between gap-3">
                    <dt>Without VAT</dt>
                    <dd className="tabular-nums">{formatPounds(totals.net)}</dd>
                  </div>
                  {deposit !== null && (
                    <div className="flex justify-between gap-3">
                      <dt>Deposit</dt>
                      <dd className="tabular-nums">{formatPounds(deposit)}</dd>
                    </div>
                  )}
                  {withOptions && withOptions.total !== totals.total && (
                    <div className="flex justify-between gap-3 text-sm">
                      <dt>With every optional line</dt>
                      <dd className="tabular-nums">{formatPounds(withOptions.total)}</dd>
                    </div>
                  )}
                </dl>
                <div className="text-slate-800">
                  {band ? (
                    <>
                      <p className="font-semibold">{guideShownText(band)}</p>
                      <p className="text-sm">{band.label} · VAT included</p>
                    </>
                  ) : (
                    <p className="text-sm">No price guide range for this lead</p>
                  )}
                </div>
              </div>
            )}

            <div className="flex flex-wrap gap-2">
              <button type="submit" className={buttonSecondary}>
                Save draft
              </button>
              <button type="button" onClick={() => void showPreview()} className={buttonNeutral}>
                Preview
              </button>
              <button type="button" onClick={() => void send()} className={buttonPrimary}>
                Send to customer
              </button>
              <button
                type="button"
                onClick={() => {
                  setDraft(null);
                  setFieldErrors({});
                }}
                className={buttonNeutral}
              >
                Close
              </button>
            </div>
          </fieldset>
        </form>
      )}
      <ProposalPreview view={preview} onClose={() => setPreview(null)} />
    </section>
  );
}
