/**
 * What the visit functions read from content/ (docs/visits.md): the owner's availability
 * (content/visits.yaml, checked with the build's schema) and the postcodes of the areas served
 * (content/areas.yaml and the towns in content/towns/). The build ships these files with the
 * functions that read them (netlify/lib/shipped-file.ts). Read once per function instance; the YAML parser and the schema load on first use.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { VisitAvailability } from "../../../src/lib/visits/availability-schema.ts";
import { postcodeParts } from "../../../src/lib/postcode.ts";
import { shippedFile as shipped } from "../shipped-file.ts";

const VISITS_FILE = join("content", "visits.yaml");
const AREAS_FILE = join("content", "areas.yaml");
const TOWNS_DIR = join("content", "towns");

let availabilityCache: VisitAvailability | undefined;

/** The owner's availability for visits, as content/visits.yaml says (checked by the build's schema). */
export async function visitAvailability(): Promise<VisitAvailability> {
  if (!availabilityCache) {
    const [{ parse }, { VisitAvailabilitySchema }] = await Promise.all([
      import("yaml"),
      import("../../../src/lib/visits/availability-schema.ts"),
    ]);
    const document = parse(readFileSync(shipped(VISITS_FILE), "utf8")) as { availability?: unknown };
    availabilityCache = VisitAvailabilitySchema.parse(document.availability);
  }
  return availabilityCache;
}

/** Tests: another availability for this instance (null: read the file again). */
export function useVisitAvailability(availability: VisitAvailability | null): void {
  availabilityCache = availability ?? undefined;
}

let servedCache: { areas: Set<string>; districts: Set<string> } | undefined;

const codesOf = (text: unknown): string[] =>
  typeof text === "string"
    ? text
        .split(/[,\s]+/)
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean)
    : [];

async function served() {
  if (!servedCache) {
    const { parse } = await import("yaml");
    const areas = parse(readFileSync(shipped(AREAS_FILE), "utf8")) as Record<string, { postcodes?: unknown }>;
    const districts = new Set<string>();
    const townsDir = shipped(TOWNS_DIR);
    for (const file of readdirSync(townsDir).filter((name) => name.endsWith(".yaml"))) {
      const town = parse(readFileSync(join(townsDir, file), "utf8")) as { postcodes?: unknown };
      if (Array.isArray(town.postcodes))
        for (const code of town.postcodes) districts.add(String(code).toUpperCase());
    }
    servedCache = {
      areas: new Set(Object.values(areas).flatMap((area) => codesOf(area?.postcodes))),
      districts,
    };
  }
  return servedCache;
}

/**
 * Whether a (normalised) postcode is in the areas served: its postcode area (FK, G, EH…) is listed
 * in content/areas.yaml, or its district (FK8) is a town's in content/towns/.
 */
export async function isServedPostcode(postcode: string): Promise<boolean> {
  const { areas, districts } = await served();
  const { outward, area } = postcodeParts(postcode);
  return areas.has(area) || districts.has(outward);
}
