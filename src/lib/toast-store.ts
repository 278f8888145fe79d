/**
 * The site's toasts (docs/spec.md, Constants): one visible at a time, shown for TOAST_DURATION_MS.
 * A nanostore, so every island on a page shares the one toaster.
 * Browser-safe: no React, no astro:* imports.
 */
import { atom } from "nanostores";
import { TOAST_DURATION_MS, TOAST_LIMIT } from "./constants";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: "default" | "destructive";
  duration: number;
}

export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a toast, replacing the one on screen; returns its id. */
export function toast(input: {
  title: string;
  description?: string;
  variant?: Toast["variant"];
  duration?: number;
}) {
  const item: Toast = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? "default",
    duration: input.duration ?? TOAST_DURATION_MS,
  };
  const kept = [item, ...$toasts.get()].slice(0, TOAST_LIMIT);
  for (const old of $toasts.get()) if (!kept.includes(old)) clearTimer(old.id);
  $toasts.set(kept);
  timers.set(
    item.id,
    setTimeout(() => dismissToast(item.id), item.duration),
  );
  return item.id;
}

export function dismissToast(id: number) {
  clearTimer(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

function clearTimer(id: number) {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
}
