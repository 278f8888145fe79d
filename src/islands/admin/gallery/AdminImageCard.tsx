import type { KeyboardEvent, PointerEvent } from "react";
import type { GalleryItem } from "../../../lib/gallery/schema";
import { categoryLabel } from "../../../lib/gallery/categories";
import { responsiveImage } from "../../../lib/gallery/images";

export interface CardActions {
  onMove: (item: GalleryItem, by: -1 | 1) => void;
  onEdit: (item: GalleryItem) => void;
  onDelete: (item: GalleryItem) => void;
  onHandleKeyDown: (item: GalleryItem, event: KeyboardEvent<HTMLButtonElement>) => void;
  onHandlePointerDown: (item: GalleryItem, event: PointerEvent<HTMLButtonElement>) => void;
}

interface Props extends CardActions {
  item: GalleryItem;
  /** The name of the town the item is tagged with, if any. */
  townName?: string;
  position: number;
  count: number;
  busy: boolean;
  grabbed: boolean;
  dropTarget: boolean;
}

const iconButton =
  "inline-flex size-11 items-center justify-center rounded-lg border border-slate-300 text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40";

export default function AdminImageCard(props: Props) {
  const { item, townName, position, count, busy, grabbed, dropTarget } = props;
  const image = responsiveImage(item.imageUrl, item.width);
  return (
    <article
      data-item-id={item.id}
      className={`flex h-full flex-col overflow-hidden rounded-xl border-2 bg-white shadow-sm ${
        grabbed
          ? "border-accent-600 ring-4 ring-accent-100"
          : dropTarget
            ? "border-dashed border-brand-600"
            : "border-slate-200"
      }`}
    >
      <div className="relative">
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.srcSet ? "(min-width: 1024px) 30vw, (min-width: 640px) 47vw, 92vw" : undefined}
          width={item.width ?? 800}
          height={item.height ?? 600}
          alt=""
          loading={position < 6 ? "eager" : "lazy"}
          draggable={false}
          className="aspect-[4/3] w-full bg-slate-100 object-cover"
        />
        <span className="absolute top-2 left-2 rounded-full bg-brand-900 px-3 py-1 text-sm font-bold text-white">
          <span className="sr-only">Position </span>
          {position + 1}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-semibold break-words text-slate-900">{item.title}</h3>
        {item.description && <p className="text-sm break-words text-slate-700">{item.description}</p>}
        <p className="mt-auto">
          <span className="inline-block rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-800">
            <span className="sr-only">Category: </span>
            {categoryLabel(item.category)}
          </span>
          {townName && (
            <span className="ml-2 inline-block rounded-full bg-accent-50 px-3 py-1 text-xs font-semibold text-accent-700">
              <span className="sr-only">Town: </span>
              {townName}
            </span>
          )}
        </p>
        <div className="flex flex-wrap items-center gap-2 pt-2">
          <button
            type="button"
            aria-label={`Drag to reorder ${item.title}`}
            aria-pressed={grabbed}
            aria-describedby="gallery-admin-drag-help"
            disabled={busy}
            onKeyDown={(event) => props.onHandleKeyDown(item, event)}
            onPointerDown={(event) => props.onHandlePointerDown(item, event)}
            className={`${iconButton} cursor-grab touch-none`}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
              {[6, 12, 18].flatMap((y) =>
                [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />),
              )}
            </svg>
          </button>
          {(
            [
              ["up", -1, "M12 19V5M5 12l7-7 7 7", position === 0],
              ["down", 1, "M12 5v14M5 12l7 7 7-7", position === count - 1],
            ] as const
          ).map(([action, delta, path, atEnd]) => (
            <button
              key={action}
              type="button"
              data-action={action}
              aria-label={`Move ${item.title} ${action}`}
              disabled={busy || atEnd}
              onClick={() => props.onMove(item, delta)}
              className={iconButton}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d={path} strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          ))}
          <span className="ml-auto flex gap-2">
            {(
              [
                ["Edit", props.onEdit, "border-slate-300 text-slate-800 hover:bg-slate-100"],
                ["Delete", props.onDelete, "border-red-300 text-red-700 hover:bg-red-50"],
              ] as const
            ).map(([label, onPress, colours]) => (
              <button
                key={label}
                type="button"
                disabled={busy}
                onClick={() => onPress(item)}
                className={`min-h-11 rounded-lg border px-3 py-2 text-sm font-semibold disabled:opacity-40 ${colours}`}
              >
                {label}
                <span className="sr-only"> {item.title}</span>
              </button>
            ))}
          </span>
        </div>
      </div>
    </article>
  );
}
