import { useEffect, useState } from "react";
import { call } from "../../../lib/proposals/proposals-api";
import { formatPounds } from "../../../lib/proposals/money";
import { PRICE_LIST_API, type PriceListEntry } from "../../../lib/proposals/price-list";

interface Props {
  id: string;
  className: string;
  disabled: boolean;
  onPick: (entry: PriceListEntry) => void;
}

/** Loaded once per visit to the desk: the list changes only with a new deploy of the content. */
let loading: Promise<PriceListEntry[]> | undefined;
const loadPriceList = () =>
  (loading ??= call<{ items: PriceListEntry[] }>(PRICE_LIST_API)
    .then((body) => body.items)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));

/**
 * "Add from the price list" (docs/proposals.md, "The price list"): one choice adds the item as a
 * line, its price, VAT rate and guarantee filled in, and the quantity field takes the focus. With
 * no list, or none to be had, the owner types his lines as before.
 */
export default function PriceListPicker({ id, className, disabled, onPick }: Props) {
  const [items, setItems] = useState<PriceListEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadPriceList().then(
      (loaded) => live && setItems(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  if (failed)
    return <p className="text-sm text-slate-700">The price list could not be loaded: type the lines.</p>;
  if (!items || items.length === 0) return null;
  return (
    <div>
      <label htmlFor={`${id}-price-list`} className="block text-sm font-semibold text-slate-800">
        Add from the price list
      </label>
      <select
        id={`${id}-price-list`}
        value=""
        disabled={disabled}
        onChange={(event) => {
          const entry = items[Number(event.target.value)];
          if (entry) onPick(entry);
        }}
        className={className}
      >
        <option value="">Choose an item…</option>
        {items.map((entry, index) => (
          <option key={`${entry.item}-${index}`} value={index}>
            {`${entry.item}: ${formatPounds(entry.unitPrice)} per ${entry.unit}, ${entry.vatRate}% VAT`}
          </option>
        ))}
      </select>
    </div>
  );
}
