/**
 * Towns served: each has a page of its own under /areas/{slug}, one per file in content/towns/.
 * The list itself, TOWN_SLUGS, is read from that folder at every build into
 * src/generated/content-index.ts (integrations/content-index.ts), so adding a town is adding a file;
 * gallery items name a town by one of those slugs, in the browser and in the functions.
 *
 * Browser-safe and used by functions: no astro:*, no Node APIs, no React, no secrets.
 */
import { TOWN_SLUGS } from "../generated/content-index.ts";

export type TownSlug = (typeof TOWN_SLUGS)[number];

export function isTownSlug(value: string): value is TownSlug {
  return (TOWN_SLUGS as readonly string[]).includes(value);
}

/** Scotland's 32 council areas, as the councils name themselves. */
export const COUNCIL_AREAS = [
  "Aberdeen City",
  "Aberdeenshire",
  "Angus",
  "Argyll and Bute",
  "City of Edinburgh",
  "Clackmannanshire",
  "Dumfries and Galloway",
  "Dundee City",
  "East Ayrshire",
  "East Dunbartonshire",
  "East Lothian",
  "East Renfrewshire",
  "Falkirk",
  "Fife",
  "Glasgow City",
  "Highland",
  "Inverclyde",
  "Midlothian",
  "Moray",
  "Na h-Eileanan Siar",
  "North Ayrshire",
  "North Lanarkshire",
  "Orkney Islands",
  "Perth and Kinross",
  "Renfrewshire",
  "Scottish Borders",
  "Shetland Islands",
  "South Ayrshire",
  "South Lanarkshire",
  "Stirling",
  "West Dunbartonshire",
  "West Lothian",
] as const;

export type CouncilArea = (typeof COUNCIL_AREAS)[number];

/** A UK postcode district, the outward half of a postcode: FK8, G63, EH1, PH2, EC1A. */
export const POSTCODE_DISTRICT_PATTERN = /^[A-Z]{1,2}\d[A-Z\d]?$/;

/** docs/towns.md: a town file may give at most this many miles from the base in Kippen. */
export const MAX_TOWN_DISTANCE_MILES = 45;

/** Projects shown on a town page (newest first). */
export const TOWN_PROJECTS_LIMIT = 6;

/** Nearby towns linked from a town page. */
export const NEARBY_TOWNS_LIMIT = 4;

/** Great-circle distance in miles between two points given in degrees. */
export function milesBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

interface Located {
  slug: string;
  name: string;
  geo: { latitude: number; longitude: number };
}

/** The `limit` towns nearest to `town` (not itself), nearest first, each with its distance in miles. */
export function nearbyTowns<T extends Located>(
  town: Located,
  towns: readonly T[],
  limit = NEARBY_TOWNS_LIMIT,
): { town: T; miles: number }[] {
  return towns
    .filter((other) => other.slug !== town.slug)
    .map((other) => ({ town: other, miles: milesBetween(town.geo, other.geo) }))
    .sort((a, b) => a.miles - b.miles || a.town.name.localeCompare(b.town.name))
    .slice(0, limit);
}

/** Towns grouped by council area; groups in order of their nearest town, as `towns` is ordered. */
export function groupByCouncil<T extends { council: string }>(
  towns: readonly T[],
): { council: string; towns: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const town of towns) {
    const group = groups.get(town.council);
    if (group) group.push(town);
    else groups.set(town.council, [town]);
  }
  return [...groups].map(([council, members]) => ({ council, towns: members }));
}
