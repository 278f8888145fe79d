/** The line that folds the lead desk's panels ("Waiting for you", the chart, the price guide check). */
import type { Locator, Page } from "@playwright/test";

export const deskPanelsFold = (page: Page): Locator =>
  page.locator("summary").filter({ hasText: "leads per week" });

/** Opens the panels when they are folded (on a phone); on a wide screen they are open already. */
export async function openDeskPanels(page: Page): Promise<void> {
  const fold = deskPanelsFold(page);
  await fold.waitFor();
  const open = await fold.evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open);
  if (!open) await fold.click();
}
