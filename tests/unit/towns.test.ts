import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { TownSchema, assertTowns, type Town } from "../../src/lib/content-schemas";
import { MAX_TOWN_DISTANCE_MILES, groupByCouncil, milesBetween, nearbyTowns } from "../../src/lib/towns";
import { TOWN_SLUGS } from "../../src/generated/content-index";
import { projectsForTown } from "../../src/lib/town-projects";
import type { GalleryItem } from "../../src/lib/gallery/schema";

const ROOT = join(import.meta.dirname, "..", "..");
const TOWNS_DIR = join(ROOT, "content", "towns");
const KIPPEN = (
  parse(readFileSync(join(ROOT, "content", "business.yaml"), "utf8")) as {
    details: { geo: { latitude: number; longitude: number } };
  }
).details.geo;

/** The town files as they are in content/, before the schema. */
const files = readdirSync(TOWNS_DIR)
  .filter((name) => name.endsWith(".yaml"))
  .map((name) => ({
    id: name.replace(/\.yaml$/, ""),
    raw: parse(readFileSync(join(TOWNS_DIR, name), "utf8")) as unknown,
  }));

const stirling = files.find((file) => file.id === "stirling")?.raw as Record<string, unknown>;

const problem = (input: unknown) => {
  const result = TownSchema.safeParse(input);
  return result.success
    ? null
    : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n");
};

describe("TownSchema", () => {
  it("accepts every file in content/towns", () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
    for (const file of files) expect(problem(file.raw), file.id).toBeNull();
  });

  it.each([
    ["name"],
    ["slug"],
    ["council"],
    ["postcodes"],
    ["distanceMiles"],
    ["geo"],
    ["lead"],
    ["paragraphs"],
  ])("refuses a town without %s", (field) => {
    const { [field]: _removed, ...rest } = stirling;
    expect(problem(rest)).toMatch(new RegExp(`^${field}:`, "m"));
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      "an unknown council area",
      { council: "Stirlingshire" },
      /council must be one of Scotland's 32 council areas/,
    ],
    ["a council area in lower case", { council: "falkirk" }, /council must be one of/],
    ["a full postcode", { postcodes: ["FK8 3DN"] }, /districts such as FK8/],
    ["a postcode area without a district", { postcodes: ["FK"] }, /districts such as FK8/],
    ["a lower-case district", { postcodes: ["fk8"] }, /districts such as FK8/],
    ["no postcodes", { postcodes: [] }, /postcodes/],
    ["a repeated postcode", { postcodes: ["FK8", "FK8"] }, /must not repeat/],
    ["a slug that is not a slug", { slug: "Bridge of Allan" }, /^slug: must be a slug/m],
    ["a distance beyond the area", { distanceMiles: MAX_TOWN_DISTANCE_MILES + 1 }, /distanceMiles/],
    ["a negative distance", { distanceMiles: -1 }, /distanceMiles/],
    ["coordinates outside Scotland", { geo: { latitude: 51.5, longitude: -0.1 } }, /geo\.latitude/],
    ["a single paragraph", { paragraphs: ["x".repeat(300)] }, /paragraphs/],
    [
      "a paragraph too short to say anything",
      { paragraphs: ["Slate roofs.", "x".repeat(300)] },
      /paragraphs\.0/,
    ],
    ["an unknown field", { rating: 5 }, /rating|Unrecognized/],
  ])("refuses %s", (_label, change, message) => {
    expect(problem({ ...stirling, ...change })).toMatch(message);
  });
});

describe("assertTowns", () => {
  const towns = files.map((file) => ({ id: file.id, data: TownSchema.parse(file.raw) }));

  it("passes for content/towns: every slug is its file's name and every distance fits its coordinates", () => {
    expect(() => assertTowns(towns, KIPPEN)).not.toThrow();
  });

  it("takes the list of towns from the folder: TOWN_SLUGS is the files' names", () => {
    expect([...TOWN_SLUGS]).toEqual(towns.map((town) => town.id).sort());
  });

  it("names a file whose slug differs from its name", () => {
    const renamed = towns.map((town) => (town.id === "doune" ? { ...town, id: "doune-village" } : town));
    expect(() => assertTowns(renamed, KIPPEN)).toThrow(
      /doune-village\.yaml: slug "doune" must equal the file name/,
    );
  });

  it("names a distance that disagrees with the coordinates", () => {
    const wrong = towns.map((town) =>
      town.id === "falkirk" ? { ...town, data: { ...town.data, distanceMiles: 30 } } : town,
    );
    expect(() => assertTowns(wrong, KIPPEN)).toThrow(/falkirk\.yaml: distanceMiles 30 disagrees with geo/);
  });

  it("keeps every town within about 40 miles of Kippen", () => {
    for (const { id, data } of towns) expect(milesBetween(KIPPEN, data.geo), id).toBeLessThan(40);
  });
});

describe("nearbyTowns and groupByCouncil", () => {
  const at = (slug: string, name: string, latitude: number, longitude: number, council = "Stirling") =>
    ({ slug, name, council, geo: { latitude, longitude } }) as Pick<
      Town,
      "slug" | "name" | "council" | "geo"
    >;
  const a = at("a", "A", 56.0, -4.0);
  const b = at("b", "B", 56.1, -4.0, "Falkirk");
  const c = at("c", "C", 56.3, -4.0);
  const d = at("d", "D", 56.05, -4.0, "Falkirk");

  it("lists the nearest other towns first, without the town itself, up to the limit", () => {
    expect(nearbyTowns(a, [a, b, c, d], 2).map(({ town }) => town.slug)).toEqual(["d", "b"]);
    expect(nearbyTowns(a, [a, b, c, d]).map(({ town }) => town.slug)).toEqual(["d", "b", "c"]);
    expect(nearbyTowns(a, [a, b])[0]?.miles).toBeCloseTo(6.9, 1);
  });

  it("groups by council area in the order the towns come", () => {
    expect(groupByCouncil([a, b, c, d]).map((g) => [g.council, g.towns.map((t) => t.slug)])).toEqual([
      ["Stirling", ["a", "c"]],
      ["Falkirk", ["b", "d"]],
    ]);
  });
});

describe("projectsForTown", () => {
  const item = (id: string, area: string | undefined, createdAt: string | undefined, displayOrder: number) =>
    ({ id, title: id, imageUrl: `/media/gallery/${id}`, displayOrder, area, createdAt }) as GalleryItem;

  it("keeps the town's items, newest first, up to the limit", () => {
    const items = [
      item("old", "stirling", "2025-01-01T00:00:00.000Z", 0),
      item("elsewhere", "falkirk", "2026-03-01T00:00:00.000Z", 1),
      item("new", "stirling", "2026-02-01T00:00:00.000Z", 2),
      item("none", undefined, "2026-04-01T00:00:00.000Z", 3),
      item("mid", "stirling", "2025-06-01T00:00:00.000Z", 4),
    ];
    expect(projectsForTown(items, "stirling", 6).map((i) => i.id)).toEqual(["new", "mid", "old"]);
    expect(projectsForTown(items, "stirling", 2).map((i) => i.id)).toEqual(["new", "mid"]);
    expect(projectsForTown(items, "glasgow", 6)).toEqual([]);
  });
});
