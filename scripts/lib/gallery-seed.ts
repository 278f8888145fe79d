/**
 * Sample projects for a fresh local run: illustrations drawn here as SVG and published through the
 * same pipeline as uploads (no copied photos). Only `npm run seed` (scripts/seed-gallery.ts) runs it,
 * against the local Blobs sandbox and database, and only once per database (table `gallery_seed`).
 */
import sharp from "sharp";
import type { GalleryCategory } from "../../src/lib/gallery/categories.ts";
import { imageUrlForId } from "../../src/lib/gallery/images.ts";
import { processImage } from "../../netlify/lib/gallery/image-pipeline.ts";
import { saveImage } from "../../netlify/lib/gallery/gallery-images-store.ts";
import { claimSeed, createItem } from "../../netlify/lib/gallery/gallery-store.ts";

interface Scene {
  sky: [string, string];
  wall: string;
  roof: string;
  /** Roof covering drawn as rows: slates, tiles or none (flat colour). */
  covering: "slates" | "tiles" | "plain";
  /** Wall finish: dotted roughcast, smooth, or stone courses. */
  finish: "roughcast" | "smooth" | "stone";
  scaffold?: boolean;
  rain?: boolean;
  gutter?: string;
}

interface Sample {
  title: string;
  description: string;
  location: string;
  category: GalleryCategory;
  scene: Scene;
}

export const SAMPLES: Sample[] = [
  {
    title: "Slate roof repair",
    description: "Slipped and cracked slates replaced to match, with new lead flashing at the chimney.",
    location: "Kippen, Stirlingshire",
    category: "repairs",
    scene: {
      sky: ["#8fb8de", "#dcebf7"],
      wall: "#d9d2c5",
      roof: "#3b4450",
      covering: "slates",
      finish: "stone",
    },
  },
  {
    title: "New roof installation",
    description: "A complete new tiled roof with breathable membrane, battens and dry ridge system.",
    location: "Stirling",
    category: "installation",
    scene: {
      sky: ["#f2c48d", "#fbe9d2"],
      wall: "#efe6d6",
      roof: "#9c4a2f",
      covering: "tiles",
      finish: "smooth",
      scaffold: true,
    },
  },
  {
    title: "Gutter and moss clearance",
    description: "Roof maintenance visit: moss removed, gutters cleared and downpipes flushed.",
    location: "Callander",
    category: "maintenance",
    scene: {
      sky: ["#a9c7b8", "#e5efe9"],
      wall: "#cfc8bb",
      roof: "#4c5a4a",
      covering: "slates",
      finish: "smooth",
      gutter: "#1f2a33",
    },
  },
  {
    title: "Pebble-dash roughcasting",
    description: "Old render hacked off and the walls roughcast in a weather-resistant pebble dash.",
    location: "Falkirk",
    category: "roughcasting",
    scene: {
      sky: ["#b7c4e8", "#eef1fb"],
      wall: "#c8b79b",
      roof: "#454b55",
      covering: "slates",
      finish: "roughcast",
    },
  },
  {
    title: "Extension finished in smooth render",
    description: "A contemporary smooth finish, crack-resistant and painted in a soft off-white.",
    location: "Dunblane",
    category: "rendering",
    scene: {
      sky: ["#9fd0e6", "#e6f4fa"],
      wall: "#f4f1ea",
      roof: "#2f3540",
      covering: "plain",
      finish: "smooth",
    },
  },
  {
    title: "Storm damage emergency repairs",
    description: "Made watertight the same day after a winter storm lifted the ridge and several slates.",
    location: "Glasgow",
    category: "emergency",
    scene: {
      sky: ["#5d6878", "#a8b0bc"],
      wall: "#bdb5a6",
      roof: "#363d47",
      covering: "slates",
      finish: "stone",
      rain: true,
    },
  },
];

const WIDTH = 1600;
const HEIGHT = 1200;

function rows(count: number, draw: (i: number) => string): string {
  return Array.from({ length: count }, (_, i) => draw(i)).join("");
}

/** A house under a pitched roof, in the colours and finishes of `scene`. */
export function sceneSvg(scene: Scene): string {
  const roofTop = 300;
  const eaves = 620;
  const left = 260;
  const right = 1340;
  const covering =
    scene.covering === "plain"
      ? ""
      : rows(12, (i) => {
          const y = roofTop + 30 + i * 26;
          const inset = ((eaves - y) / (eaves - roofTop)) * 520;
          const x1 = left - 40 + inset;
          const x2 = right + 40 - inset;
          const step = scene.covering === "slates" ? 46 : 30;
          const joints = rows(Math.max(0, Math.floor((x2 - x1) / step)), (j) => {
            const x = x1 + j * step + (i % 2) * (step / 2);
            return `<line x1="${x}" y1="${y - 26}" x2="${x}" y2="${y}" />`;
          });
          return `<line x1="${x1}" y1="${y}" x2="${x2}" y2="${y}" />${joints}`;
        });
  const finish =
    scene.finish === "roughcast"
      ? rows(900, (i) => {
          const x = left + ((i * 7919) % (right - left));
          const y = eaves + ((i * 104729) % 420);
          return `<circle cx="${x}" cy="${y}" r="${2 + (i % 3)}" />`;
        })
      : scene.finish === "stone"
        ? rows(
            14,
            (i) =>
              `<line x1="${left}" y1="${eaves + 30 * (i + 1)}" x2="${right}" y2="${eaves + 30 * (i + 1)}" />`,
          )
        : "";
  const windows = [380, 620, 1040, 1180]
    .map((x, i) =>
      i === 2
        ? `<rect x="${x - 20}" y="820" width="110" height="220" fill="#5a3a28" />`
        : `<rect x="${x}" y="700" width="120" height="130" fill="#2b4a66" stroke="#fff" stroke-width="10" />`,
    )
    .join("");
  const scaffold = scene.scaffold
    ? `<g stroke="#8a8f96" stroke-width="10">${rows(6, (i) => `<line x1="${220 + i * 230}" y1="560" x2="${220 + i * 230}" y2="1040" />`)}
       <line x1="200" y1="640" x2="1400" y2="640" /><line x1="200" y1="840" x2="1400" y2="840" /></g>`
    : "";
  const rain = scene.rain
    ? `<g stroke="#dfe6ee" stroke-width="4" opacity="0.7">${rows(120, (i) => {
        const x = (i * 137) % WIDTH;
        const y = (i * 251) % HEIGHT;
        return `<line x1="${x}" y1="${y}" x2="${x - 18}" y2="${y + 50}" />`;
      })}</g>`
    : "";
  const gutter = scene.gutter
    ? `<rect x="${left - 50}" y="${eaves - 6}" width="${right - left + 100}" height="22" fill="${scene.gutter}" />
       <rect x="${right + 20}" y="${eaves}" width="20" height="420" fill="${scene.gutter}" />`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${scene.sky[0]}" /><stop offset="1" stop-color="${scene.sky[1]}" />
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)" />
  <rect y="1040" width="${WIDTH}" height="160" fill="#5f7d4a" />
  <rect x="${left}" y="${eaves}" width="${right - left}" height="420" fill="${scene.wall}" />
  <g fill="#000" opacity="0.12" stroke="#000" stroke-width="3">${finish}</g>
  <rect x="1050" y="180" width="90" height="260" fill="#7a6a5c" />
  <polygon points="${left - 40},${eaves} ${left + 480},${roofTop} ${right - 480},${roofTop} ${right + 40},${eaves}" fill="${scene.roof}" />
  <g stroke="#000" stroke-opacity="0.35" stroke-width="3">${covering}</g>
  ${gutter}${windows}${scaffold}${rain}
</svg>`;
}

/**
 * Seeds the gallery of the database NETLIFY_DB_URL names, its images in the Blobs store the Blobs
 * environment points at, once: false when it was ever seeded (deleted samples stay deleted).
 */
export async function seedGallery(): Promise<boolean> {
  if (!(await claimSeed())) return false;
  for (const sample of SAMPLES) {
    const png = await sharp(Buffer.from(sceneSvg(sample.scene)))
      .png()
      .toBuffer();
    const imageId = await saveImage(await processImage(new Uint8Array(png)));
    await createItem({
      title: sample.title,
      description: sample.description,
      location: sample.location,
      category: sample.category,
      imageUrl: imageUrlForId(imageId),
    });
  }
  return true;
}
