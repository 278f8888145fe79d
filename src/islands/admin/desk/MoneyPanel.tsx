import { useId } from "react";
import { formatPounds } from "../../../lib/proposals/money";
import { formatIsoDay, formatUkDate } from "../../../lib/proposals/uk-time";
import { leadOfProposal, type MoneyItem } from "../../../lib/payments/payments-api";
import type { MoneyState } from "./use-money";
import { buttonOutline } from "../../button";
import AccountantFiles from "./AccountantFiles";

interface Props {
  /** The desk's money, read once for this panel and Today (use-money.ts). */
  state: MoneyState;
  /** Opens a lead's detail. */
  onOpen: (leadId: string) => void;
}

const itemTitle = (item: MoneyItem) =>
  item.kind === "deposit" ? `Deposit on quote ${item.number}` : `Invoice ${item.number}`;

const itemWhen = (item: MoneyItem) =>
  item.kind === "deposit"
    ? `asked for ${formatIsoDay(item.since)}`
    : `issued ${formatIsoDay(item.since)}${item.dueOn ? `, due by ${formatIsoDay(item.dueOn)}` : ""}`;

/**
 * The money panel of the desk (docs/payments.md, "The desk"): what is asked for and not yet paid,
 * paid in the last 30 days, overdue; each deposit and invoice still open (opening its lead), the
 * refunds waiting to be confirmed, and the accountant's files (AccountantFiles).
 */
/** A line's customer, a button to their lead or quote where there is one, and its amount. */
function CustomerAmount({
  customer,
  pence,
  onOpen,
}: {
  customer: string;
  pence: number;
  onOpen?: () => void;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
      {onOpen ? (
        <button
          type="button"
          onClick={onOpen}
          className="min-h-11 text-left font-semibold text-brand-700 underline hover:no-underline"
        >
          {customer}
        </button>
      ) : (
        <p className="font-semibold text-slate-900">{customer}</p>
      )}
      <p className="font-semibold text-slate-900 tabular-nums">{formatPounds(pence)}</p>
    </div>
  );
}

export default function MoneyPanel({ state, onOpen }: Props) {
  const id = useId();
  const { money, error, failed } = state;

  const openRefund = (proposalId: string) => void leadOfProposal(proposalId).then(onOpen, failed);

  const totals = money
    ? ([
        [
          "Asked for, not yet paid",
          money.requested.amount,
          `${money.requested.items.length} ${money.requested.items.length === 1 ? "item" : "items"}`,
          false,
        ],
        [
          "Paid in the last 30 days",
          money.paid.amount,
          `${money.paid.count} ${money.paid.count === 1 ? "payment" : "payments"}`,
          false,
        ],
        [
          "Overdue",
          money.overdue.amount,
          `${money.overdue.count} ${money.overdue.count === 1 ? "invoice" : "invoices"}`,
          money.overdue.count > 0,
        ],
      ] as const)
    : [];

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-money
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-brand-800">
        Money
      </h2>
      <p className="text-sm text-slate-700">Deposits and invoices of accepted quotes, and refunds due.</p>
      {error && (
        <div role="alert" className="mt-2 text-red-800">
          <p>Could not load the money: {error}</p>
          <button type="button" onClick={state.reload} className={`${buttonOutline} mt-2`}>
            Try Again
          </button>
        </div>
      )}
      {!error && !money && (
        <p role="status" className="mt-2 text-slate-700">
          Loading the money...
        </p>
      )}
      {money && (
        <>
          <dl className="mt-3 grid gap-2 sm:grid-cols-3">
            {totals.map(([name, pence, count, warn]) => (
              <div
                key={name}
                className={`grid grid-cols-[1fr_auto] items-center gap-x-3 rounded-lg border p-3 sm:block ${
                  warn ? "border-red-300 bg-red-50" : "border-slate-200 bg-slate-50"
                }`}
              >
                <dt className="text-sm font-semibold text-slate-700">{name}</dt>
                <dd
                  className={`col-start-2 row-span-2 row-start-1 text-xl font-bold tabular-nums ${
                    warn ? "text-red-800" : "text-slate-900"
                  }`}
                >
                  {formatPounds(pence)}
                </dd>
                <dd className="text-sm text-slate-700">{count}</dd>
              </div>
            ))}
          </dl>

          <h3 className="mt-4 font-bold text-slate-900">Still to pay ({money.requested.items.length})</h3>
          {money.requested.items.length === 0 ? (
            <p className="text-slate-700">Nothing is owed.</p>
          ) : (
            <ul className="mt-1 divide-y divide-slate-200">
              {money.requested.items.map((item) => (
                <li key={`${item.kind}-${item.number}`} className="py-2">
                  <CustomerAmount
                    customer={item.customer}
                    pence={item.amount}
                    onOpen={item.leadId ? () => onOpen(item.leadId!) : undefined}
                  />
                  <p className="text-sm text-slate-700">
                    {itemTitle(item)} · {itemWhen(item)}
                    {item.overdue && <strong className="ml-2 font-bold text-red-800">Overdue</strong>}
                  </p>
                </li>
              ))}
            </ul>
          )}

          {money.refunds.length > 0 && (
            <>
              <h3 className="mt-4 font-bold text-slate-900">Refunds to confirm ({money.refunds.length})</h3>
              <ul className="mt-1 divide-y divide-slate-200">
                {money.refunds.map((refund) => (
                  <li key={refund.number} className="py-2">
                    <CustomerAmount
                      customer={refund.customer}
                      pence={refund.paid}
                      onOpen={refund.proposalId ? () => openRefund(refund.proposalId!) : undefined}
                    />
                    <p className="text-sm text-slate-700">
                      {refund.cancelledAt
                        ? `Quote ${refund.number} cancelled ${formatUkDate(Date.parse(refund.cancelledAt))}${refund.startEarly ? " · had asked to start early" : " · refund all of it"}`
                        : `Quote ${refund.number}: paid by card above what was owed ${formatUkDate(Date.parse(refund.dueAt))}`}
                    </p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}

      <AccountantFiles />
    </section>
  );
}
