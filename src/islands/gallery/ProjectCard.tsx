import type { GalleryItem } from "../../lib/gallery/schema";
import { responsiveImage } from "../../lib/gallery/images";

const CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, 92vw";

interface Props {
  item: GalleryItem;
  eager: boolean;
  onOpen: (item: GalleryItem, button: HTMLButtonElement) => void;
}

export default function ProjectCard({ item, eager, onOpen }: Props) {
  const image = responsiveImage(item.imageUrl, item.width);
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={(event) => onOpen(item, event.currentTarget)}
      className="group flex h-full w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-sm transition-shadow hover:shadow-lg"
    >
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.srcSet ? CARD_SIZES : undefined}
        width={item.width ?? 800}
        height={item.height ?? 600}
        alt=""
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-[4/3] w-full bg-slate-100 object-cover transition-transform motion-safe:group-hover:scale-[1.02]"
      />
      <span className="flex flex-1 flex-col gap-1 p-4">
        <span className="text-lg font-semibold text-slate-900">{item.title}</span>
        {item.description && <span className="line-clamp-2 text-sm text-slate-700">{item.description}</span>}
        {item.location && (
          <span className="mt-auto pt-2 text-sm font-medium text-brand-700">{item.location}</span>
        )}
      </span>
    </button>
  );
}
