/**
 * The "Our projects in {town}" section of a town page (src/pages/areas/[slug].astro): reads
 * GET /api/gallery once the page has loaded and shows the town's projects, newest first. The
 * section stays hidden (taking no space) when there are none or the gallery cannot be read, and it
 * sits below the fold, so showing it moves nothing the visitor is looking at.
 */
import type { GalleryItem } from "../lib/gallery/schema";
import { responsiveImage } from "../lib/gallery/images";
import { projectsForTown } from "../lib/town-projects";

const CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, 92vw";

function card(item: GalleryItem): HTMLLIElement {
  const li = document.createElement("li");
  li.className = "flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm";
  const image = responsiveImage(item.imageUrl, item.width);
  const img = document.createElement("img");
  img.src = image.src;
  if (image.srcSet) {
    img.srcset = image.srcSet;
    img.sizes = CARD_SIZES;
  }
  img.width = item.width ?? 800;
  img.height = item.height ?? 600;
  img.alt = item.title;
  img.loading = "lazy";
  img.decoding = "async";
  img.className = "aspect-[4/3] w-full bg-slate-100 object-cover";
  const body = document.createElement("div");
  body.className = "flex flex-1 flex-col gap-1 p-4";
  const title = document.createElement("h3");
  title.className = "text-lg font-semibold text-slate-900";
  title.textContent = item.title;
  body.append(title);
  if (item.description) {
    const description = document.createElement("p");
    description.className = "line-clamp-3 text-sm text-slate-700";
    description.textContent = item.description;
    body.append(description);
  }
  if (item.location) {
    const location = document.createElement("p");
    location.className = "mt-auto pt-2 text-sm font-medium text-brand-700";
    location.textContent = item.location;
    body.append(location);
  }
  li.append(img, body);
  return li;
}

function isItem(value: unknown): value is GalleryItem {
  if (!value || typeof value !== "object") return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === "string" &&
    typeof item.title === "string" &&
    typeof item.imageUrl === "string" &&
    typeof item.displayOrder === "number"
  );
}

export async function showTownProjects(section: HTMLElement): Promise<void> {
  const area = section.dataset.townProjects;
  const list = section.querySelector<HTMLElement>("[data-town-projects-list]");
  if (!area || !list) return;
  let body: unknown;
  try {
    const response = await fetch("/api/gallery", { headers: { Accept: "application/json" } });
    if (!response.ok) return;
    body = await response.json();
  } catch {
    return; // No projects section rather than an error on a page about the town.
  }
  if (!Array.isArray(body)) return;
  const projects = projectsForTown(body.filter(isItem), area, Number(section.dataset.limit));
  if (projects.length === 0) return;
  list.replaceChildren(...projects.map(card));
  section.hidden = false;
}
