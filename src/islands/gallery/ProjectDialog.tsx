import type { GalleryItem } from "../../lib/gallery/schema";
import { responsiveImage } from "../../lib/gallery/images";
import { useModalDialog } from "../use-modal-dialog";

interface Props {
  item: GalleryItem | null;
  onClose: () => void;
}

/** A project enlarged in a modal <dialog>: Escape, the close button or a click outside closes it. */
export default function ProjectDialog({ item, onClose }: Props) {
  const ref = useModalDialog(item !== null);

  const image = item ? responsiveImage(item.imageUrl, item.width) : null;

  return (
    <dialog
      ref={ref}
      aria-labelledby="project-dialog-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) ref.current?.close();
      }}
      className="m-auto w-[min(56rem,calc(100vw-2rem))] max-w-none rounded-xl bg-white p-0 shadow-2xl backdrop:bg-slate-950/70"
    >
      {item && image && (
        <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
          <div className="flex items-start justify-between gap-4 p-4 sm:p-6">
            <h2 id="project-dialog-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
              {item.title}
            </h2>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              aria-label="Close"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div className="overflow-y-auto px-4 pb-6 sm:px-6">
            <img
              src={image.src}
              srcSet={image.srcSet}
              sizes={image.srcSet ? "(min-width: 960px) 848px, 92vw" : undefined}
              width={item.width ?? 800}
              height={item.height ?? 600}
              alt={item.title}
              className="max-h-[60dvh] w-full rounded-lg bg-slate-100 object-contain"
            />
            <p className="mt-4 inline-block rounded-full bg-accent-50 px-3 py-1 text-sm font-semibold text-accent-700">
              Professional Roofing Work
            </p>
            {item.description && <p className="mt-3 text-slate-800">{item.description}</p>}
            {item.location && (
              <p className="mt-2 text-sm font-medium text-brand-700">
                <span className="sr-only">Location: </span>
                {item.location}
              </p>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
