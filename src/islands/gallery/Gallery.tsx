import { useEffect, useRef, useState } from "react";
import { GALLERY_CATEGORIES, type GalleryCategory } from "../../lib/gallery/categories";
import { filterGallery } from "../../lib/gallery/filter";
import { fetchGallery } from "../../lib/gallery/api";
import type { GalleryItem } from "../../lib/gallery/schema";
import ProjectCard from "./ProjectCard";
import ProjectDialog from "./ProjectDialog";
import { buttonSecondary } from "../button";

type LoadState =
  { status: "loading" } | { status: "error"; message: string } | { status: "loaded"; items: GalleryItem[] };

/** Cards in the first row load at once; the rest lazily as they near the viewport. */
const EAGER_CARDS = 3;

/** The public gallery (docs/spec.md, Gallery): category filter, project grid and the project dialog. */
export default function Gallery() {
  const [state, setState] = useState<LoadState>({ status: "loading" });
  const [category, setCategory] = useState<GalleryCategory>("all");
  const [selected, setSelected] = useState<GalleryItem | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    let active = true;
    fetchGallery()
      .then((items) => active && setState({ status: "loaded", items }))
      .catch(
        (error: unknown) =>
          active &&
          setState({ status: "error", message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      active = false;
    };
  }, []);

  const open = (item: GalleryItem, button: HTMLButtonElement) => {
    opener.current = button;
    setSelected(item);
  };
  const close = () => {
    setSelected(null);
    opener.current?.focus();
  };

  const visible = state.status === "loaded" ? filterGallery(state.items, category) : [];

  return (
    <div className="min-h-[70vh]">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div role="group" aria-label="Filter projects by category" className="flex flex-wrap gap-2">
          {GALLERY_CATEGORIES.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              aria-pressed={category === value}
              onClick={() => setCategory(value)}
              className={`min-h-11 rounded-full border-2 px-4 py-2 text-sm font-semibold transition-colors ${
                category === value
                  ? "border-brand-800 bg-brand-800 text-white"
                  : "border-slate-300 bg-white text-slate-800 hover:border-brand-800 hover:bg-brand-50"
              }`}
            >
              {label}
            </button>
          ))}
        </div>
        <a
          href="/gallery-admin"
          className="inline-flex min-h-11 shrink-0 items-center self-start rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          Gallery Admin
        </a>
      </div>

      <div className="mt-8" aria-live="polite" aria-busy={state.status === "loading"}>
        {state.status === "loading" && (
          <p role="status" className="py-16 text-center text-lg text-slate-600">
            Loading gallery...
          </p>
        )}
        {state.status === "error" && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
            <p className="font-semibold text-red-800">Error loading gallery: {state.message}</p>
            <button
              type="button"
              onClick={() => window.location.reload()}
              className={`${buttonSecondary} mt-4`}
            >
              Retry
            </button>
          </div>
        )}
        {state.status === "loaded" && visible.length === 0 && (
          <div className="py-16 text-center">
            <h2 className="text-2xl font-bold text-slate-900">No projects found</h2>
            <p className="mt-2 text-slate-600">Try selecting a different category to see our work.</p>
          </div>
        )}
        {visible.length > 0 && (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((item, index) => (
              <li key={item.id}>
                <ProjectCard item={item} eager={index < EAGER_CARDS} onOpen={open} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <ProjectDialog item={selected} onClose={close} />
    </div>
  );
}
