import { useEffect, useState, type KeyboardEvent, type PointerEvent } from "react";
import { moveTo } from "../../../lib/gallery/order";
import type { GalleryItem } from "../../../lib/gallery/schema";
import type { FocusAfterLoad } from "./use-gallery-items";

/**
 * Reordering by a card's handle: pick up with Space or Enter, move with the arrow keys, drop with
 * Space or Enter, cancel with Escape (each step announced); or drag the handle with a pointer.
 * `shown` is the list in the order being tried; a drop calls `reorder` with the new order.
 */
export function useReorderGestures(
  items: GalleryItem[],
  busy: boolean,
  reorder: (ids: string[], focus: FocusAfterLoad) => Promise<void>,
) {
  const [grab, setGrab] = useState<{ id: string; order: string[] } | null>(null);
  const [drag, setDrag] = useState<{ id: string; overId: string } | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const byId = new Map(items.map((item) => [item.id, item]));
  const shown = grab
    ? grab.order.map((id) => byId.get(id)).filter((i): i is GalleryItem => Boolean(i))
    : items;

  const onHandleKeyDown = (item: GalleryItem, event: KeyboardEvent<HTMLButtonElement>) => {
    const key = event.key;
    if (!grab) {
      if (key === " " || key === "Enter") {
        event.preventDefault();
        const order = items.map((i) => i.id);
        setGrab({ id: item.id, order });
        setAnnouncement(
          `Picked up ${item.title}, position ${order.indexOf(item.id) + 1} of ${order.length}. Use the arrow keys to move it, Space to drop, Escape to cancel.`,
        );
      }
      return;
    }
    if (grab.id !== item.id) return;
    const index = grab.order.indexOf(item.id);
    if (["ArrowUp", "ArrowLeft", "ArrowDown", "ArrowRight"].includes(key)) {
      event.preventDefault();
      const to = key === "ArrowUp" || key === "ArrowLeft" ? index - 1 : index + 1;
      const order = moveTo(grab.order, index, to);
      setGrab({ id: item.id, order });
      setAnnouncement(`${item.title}, position ${order.indexOf(item.id) + 1} of ${order.length}.`);
    } else if (key === " " || key === "Enter") {
      event.preventDefault();
      setGrab(null);
      const changed = grab.order.some((id, i) => id !== items[i]?.id);
      setAnnouncement(`${item.title} dropped at position ${index + 1}.`);
      if (changed) void reorder(grab.order, { id: item.id, prefer: "[aria-pressed]" });
    } else if (key === "Escape") {
      event.preventDefault();
      setGrab(null);
      setAnnouncement(`Reordering cancelled. ${item.title} stays where it was.`);
    }
  };

  // A picked-up card moves in the DOM as the arrows reorder it; keep focus on its handle.
  useEffect(() => {
    if (grab)
      document.querySelector<HTMLButtonElement>(`[data-item-id="${grab.id}"] [aria-pressed]`)?.focus();
  }, [grab]);

  const onHandlePointerDown = (item: GalleryItem, event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || busy) return;
    event.preventDefault();
    setDrag({ id: item.id, overId: item.id });
  };

  useEffect(() => {
    if (!drag) return;
    const over = (event: globalThis.PointerEvent) => {
      const card = document
        .elementFromPoint(event.clientX, event.clientY)
        ?.closest<HTMLElement>("[data-item-id]");
      const overId = card?.dataset.itemId;
      if (overId && overId !== drag.overId) setDrag({ id: drag.id, overId });
    };
    const up = () => {
      setDrag(null);
      const ids = items.map((i) => i.id);
      const from = ids.indexOf(drag.id);
      const to = ids.indexOf(drag.overId);
      if (from !== -1 && to !== -1 && from !== to)
        void reorder(moveTo(ids, from, to), { id: drag.id, prefer: "[aria-pressed]" });
    };
    const cancel = () => setDrag(null);
    window.addEventListener("pointermove", over);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
    return () => {
      window.removeEventListener("pointermove", over);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
    };
  });

  return { shown, grab, drag, announcement, onHandleKeyDown, onHandlePointerDown };
}
