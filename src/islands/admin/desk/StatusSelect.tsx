import { LEAD_STATUS_LABELS, LEAD_STATUSES, isLeadStatus, type LeadStatus } from "../../../lib/lead-model";

interface Common {
  id?: string;
  disabled?: boolean;
  className: string;
  /** Statuses not offered (completing has its own action in a lead's detail), unless the current one. */
  omit?: readonly LeadStatus[];
}

/** A lead's status, or (with `anyLabel`, as in the filters) no status at all. */
type Props = Common &
  (
    | { anyLabel?: undefined; value: LeadStatus; onChange: (status: LeadStatus) => void }
    | { anyLabel: string; value: LeadStatus | undefined; onChange: (status: LeadStatus | undefined) => void }
  );

/** The one list of lead statuses, in their order and with their labels, wherever a status is chosen. */
export default function StatusSelect(props: Props) {
  return (
    <select
      id={props.id}
      value={props.value ?? ""}
      disabled={props.disabled}
      onChange={(event) => {
        const next = event.target.value;
        if (isLeadStatus(next)) props.onChange(next);
        else if (props.anyLabel !== undefined) props.onChange(undefined);
      }}
      className={props.className}
    >
      {props.anyLabel !== undefined && <option value="">{props.anyLabel}</option>}
      {LEAD_STATUSES.filter((status) => status === props.value || !props.omit?.includes(status)).map(
        (status) => (
          <option key={status} value={status}>
            {LEAD_STATUS_LABELS[status]}
          </option>
        ),
      )}
    </select>
  );
}
