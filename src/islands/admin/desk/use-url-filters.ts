import { useEffect, useEffectEvent, useState } from "react";
import { filtersFromParams, paramsFromFilters, type LeadFilters } from "../../../lib/lead-model";

const currentFilters = () => filtersFromParams(new URLSearchParams(window.location.search));

/**
 * The desk's search and filters, kept in the page's URL (`?q=&status=&service=`): a filtered list
 * can be linked, and the browser's back and forward buttons step through earlier filters, which
 * `onBrowse` hears. Browser only (the desk renders once unlocked, never on the server).
 */
export function useUrlFilters(onBrowse: (filters: LeadFilters) => void) {
  const [filters, setFilters] = useState<LeadFilters>(currentFilters);

  const onPopState = useEffectEvent(() => {
    const next = currentFilters();
    setFilters(next);
    onBrowse(next);
  });
  useEffect(() => {
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  /** Shows `next` and records it as a new entry in the browser's history. */
  const apply = (next: LeadFilters) => {
    const query = paramsFromFilters(next).toString();
    window.history.pushState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
    setFilters(next);
  };

  return { filters, apply };
}
