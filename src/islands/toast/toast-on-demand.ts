/**
 * Toasts for an island on a page with no Toaster island of its own (/contact): the toaster, its
 * store and their React root load with the first toast, so a visit that raises none downloads
 * none of them. Until then there is no notifications region, so the F8 hotkey has nothing to move to.
 */
import type { toast } from "../../lib/toast-store";

export type ToastInput = Parameters<typeof toast>[0];

const loadToaster = () => import("./mount-toaster");

/** Shows a toast, mounting the toaster first if needed. */
export function notify(input: ToastInput): void {
  loadToaster().then(
    ({ showToast }) => showToast(input),
    // Offline and never prepared: there is no toaster to show it in.
    () => undefined,
  );
}

/** Loads the toaster ahead (e.g. once a visitor starts a form), so a later toast shows even offline. */
export function prepareToaster(): void {
  loadToaster().catch(() => undefined);
}
