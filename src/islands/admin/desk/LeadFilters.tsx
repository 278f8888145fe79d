import { useEffect, useId, useState, type SubmitEvent } from "react";
import { LEAD_SEARCH_MAX_LENGTH, type LeadFilters } from "../../../lib/lead-model";
import { SERVICE_OPTIONS } from "../../../lib/service-options";
import { buttonOutline, buttonSecondary } from "../../button";
import StatusSelect from "./StatusSelect";
import Field from "./Field";

interface Props {
  filters: LeadFilters;
  onChange: (filters: LeadFilters) => void;
}

const field =
  "min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700";

/** Search (on submit) and the status and service filters (at once); the page keeps them in its URL. */
export default function LeadFiltersForm({ filters, onChange }: Props) {
  const id = useId();
  const [q, setQ] = useState(filters.q ?? "");
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the box follows filters changed elsewhere (back button)
  useEffect(() => setQ(filters.q ?? ""), [filters.q]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ ...filters, q: q.trim() || undefined });
  };
  const filtered = Boolean(filters.q || filters.status || filters.service);

  return (
    <form
      role="search"
      aria-label="Find leads"
      onSubmit={submit}
      className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
    >
      <Field id={`${id}-q`} label="Search">
        <input
          id={`${id}-q`}
          type="search"
          value={q}
          maxLength={LEAD_SEARCH_MAX_LENGTH}
          onChange={(event) => setQ(event.target.value)}
          placeholder="Name, e-mail, phone, reference or message"
          className={field}
        />
      </Field>
      <Field id={`${id}-status`} label="Status">
        <StatusSelect
          id={`${id}-status`}
          anyLabel="All statuses"
          value={filters.status}
          onChange={(status) => onChange({ ...filters, q: q.trim() || undefined, status })}
          className={field}
        />
      </Field>
      <Field id={`${id}-service`} label="Service">
        <select
          id={`${id}-service`}
          value={filters.service ?? ""}
          onChange={(event) =>
            onChange({ ...filters, q: q.trim() || undefined, service: event.target.value || undefined })
          }
          className={field}
        >
          <option value="">All services</option>
          {SERVICE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <div className="flex gap-2">
        <button type="submit" className={buttonSecondary}>
          Search
        </button>
        {filtered && (
          <button type="button" onClick={() => onChange({})} className={buttonOutline}>
            Clear
          </button>
        )}
      </div>
    </form>
  );
}
