import { useId, type ReactNode } from "react";
import { formatQuoteDate } from "../../../lib/admin/dates";
import { fullName } from "../../../lib/admin/quotes";
import type { FollowUpGroup, FollowUps } from "../../../lib/follow-up/follow-ups";
import { QUOTE_DECISION_DAYS } from "../../../lib/follow-up/rules";
import { serviceLabel } from "../../../lib/service-options";
import { formatVisitTime } from "../../../lib/visits/london-time";
import { formatPounds } from "../../../lib/proposals/money";
import { formatIsoDay } from "../../../lib/proposals/uk-time";
import LoadFailed from "./LoadFailed";
import { depositsToCome, TODAY_DEPOSITS, type MoneyState } from "./use-money";
import type { TodayLists } from "./use-today";

interface Props {
  today: TodayLists | null;
  error: string | null;
  onRetry: () => void;
  /** Quotes to chase and invoices overdue: the desk's follow-ups. */
  followUps: FollowUps | null;
  followUpsError: string | null;
  onRetryFollowUps: () => void;
  /** The deposits asked for and not yet paid come from the desk's money (use-money.ts). */
  money: MoneyState;
  /** Opens a lead's detail. */
  onOpen: (leadId: string) => void;
  /** Opens a lead with its payments in view, the amount due filled in. */
  onOpenPayments: (leadId: string) => void;
  /** Shows every new lead in the list. */
  onAllNew: () => void;
}

interface Item {
  key: string;
  leadId: string;
  name: string;
  detail: string;
}

const time = (iso: string) => formatVisitTime(Date.parse(iso));

const followUpItems = (group: FollowUpGroup, detail: (since: string) => string): Item[] =>
  group.items.map((item) => ({
    key: item.id,
    leadId: item.id,
    name: item.name,
    detail: item.detail ?? detail(item.since),
  }));

/**
 * What the desk opens on (docs/lead-desk.md, "Today"): today's visits, the new leads waiting, the
 * deposits to come, the quotes to chase and the money overdue, each item one tap from its lead (a
 * deposit's from its payments, so that recording it is one more tap).
 */
export default function TodayPanel(props: Props) {
  const { today, error, followUps, followUpsError, onOpen, money } = props;
  const id = useId();
  const deposits = money.money && depositsToCome(money.money);
  return (
    <section
      id="desk-today"
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-brand-200 bg-brand-50 p-4 shadow-sm focus:outline-none sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-800">
        Today
      </h2>
      {today && <p className="text-sm text-slate-700">{today.day}, UK time</p>}
      {error && <LoadFailed what="today's visits and new leads" error={error} onRetry={props.onRetry} />}
      {money.error && <LoadFailed what="the deposits" error={money.error} onRetry={money.reload} />}
      {followUpsError && (
        <LoadFailed what="the quotes and money" error={followUpsError} onRetry={props.onRetryFollowUps} />
      )}
      <div className="mt-2 grid gap-x-6 md:grid-cols-2">
        <Group
          heading="Visits today"
          items={today?.visits.map((visit) => ({
            key: visit.id,
            leadId: visit.leadId,
            name: visit.name,
            detail: `${time(visit.start)}–${time(visit.end)} · ${visit.town} ${visit.postcode}`,
          }))}
          total={today?.visits.length}
          empty="No visits today."
          onOpen={onOpen}
          failed={Boolean(error)}
        />
        <Group
          heading="New leads waiting"
          items={today?.newLeads.items.map((lead) => ({
            key: lead.id,
            leadId: lead.id,
            name: fullName(lead),
            detail: `${serviceLabel(lead.serviceRequired)} · received ${formatQuoteDate(lead.createdAt)}`,
          }))}
          total={today?.newLeads.total}
          empty="No new leads waiting."
          onOpen={onOpen}
          failed={Boolean(error)}
          more={
            <button
              type="button"
              onClick={props.onAllNew}
              className="min-h-11 font-semibold text-brand-700 underline"
            >
              Show all new leads
            </button>
          }
        />
        <Group
          heading="Deposits to come"
          items={deposits?.slice(0, TODAY_DEPOSITS).map((item) => ({
            key: item.number,
            leadId: item.leadId!,
            name: item.customer,
            detail: `${formatPounds(item.amount)} · deposit on quote ${item.number} · asked for ${formatIsoDay(item.since)}`,
          }))}
          total={deposits?.length}
          empty="No deposit is waiting."
          onOpen={props.onOpenPayments}
          failed={Boolean(money.error)}
        />
        <Group
          heading="Quotes to chase"
          items={
            followUps && followUpItems(followUps.openQuotes, (since) => `quoted ${formatQuoteDate(since)}`)
          }
          total={followUps?.openQuotes.total}
          empty={`No quote has waited ${QUOTE_DECISION_DAYS} days for an answer.`}
          onOpen={onOpen}
          failed={Boolean(followUpsError)}
        />
        <Group
          heading="Money overdue"
          items={
            followUps && followUpItems(followUps.overdueInvoices, (since) => `due ${formatQuoteDate(since)}`)
          }
          total={followUps?.overdueInvoices.total}
          empty="Nothing is overdue."
          onOpen={onOpen}
          failed={Boolean(followUpsError)}
        />
      </div>
    </section>
  );
}

interface GroupProps {
  heading: string;
  /** Undefined or null while loading. */
  items: Item[] | null | undefined;
  total: number | undefined;
  empty: string;
  onOpen: (leadId: string) => void;
  /** Offered when there are more than the items shown. */
  more?: ReactNode;
  /** Its list could not be read (the panel says so once, above). */
  failed: boolean;
}

function Group({ heading, items, total, empty, onOpen, more, failed }: GroupProps) {
  const count = total ?? 0;
  return (
    <div className="mt-4">
      <h3 className="font-bold text-slate-900">
        {heading}
        {items && count > 0 ? ` (${count})` : ""}
      </h3>
      {!items && !failed && <p className="text-slate-700">Loading...</p>}
      {items && items.length === 0 && <p className="text-slate-700">{empty}</p>}
      {items && items.length > 0 && (
        <ul className="mt-1 divide-y divide-brand-100">
          {items.map((item) => (
            <li key={item.key}>
              <button
                type="button"
                onClick={() => onOpen(item.leadId)}
                className="flex min-h-11 w-full flex-col items-start py-2 text-left hover:bg-white"
              >
                <span className="font-semibold text-brand-700 underline">{item.name}</span>
                <span className="text-sm break-words text-slate-700">{item.detail}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {items && count > items.length && (
        <p className="text-sm text-slate-700">
          …and {count - items.length} more.{more && " "}
          {more}
        </p>
      )}
    </div>
  );
}
