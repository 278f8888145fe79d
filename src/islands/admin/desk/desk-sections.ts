/**
 * The desk's sections, as its header links to them (DeskBar): each an element of the list view
 * with this id. Visits and Money sit in the folded panels (DeskPanels), opened on the way.
 */
export const DESK_SECTIONS = [
  { id: "desk-today", label: "Today" },
  { id: "desk-leads", label: "Leads" },
  { id: "desk-visits", label: "Visits" },
  { id: "desk-money", label: "Money" },
] as const;

export type DeskSection = (typeof DESK_SECTIONS)[number]["id"];

/** The main content after the desk's header: where its skip link goes. */
export const DESK_MAIN_ID = "desk-main";

/** Brings a section up under the desk's header and moves the focus to it. */
export function showSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const fold = target.closest("details");
  if (fold && !fold.open) fold.open = true;
  target.scrollIntoView({ block: "start" });
  target.focus({ preventScroll: true });
}
