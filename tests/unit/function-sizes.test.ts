import { readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  buildFunctionBundles,
  FUNCTION_BUDGETS,
  MB,
  ROOT,
  SHARP_FUNCTIONS,
  zipEntries,
  type FunctionBundle,
} from "../../scripts/lib/function-bundles";

// Every function zipped as a deploy zips it (about 10-20 s on two cores), once for the file.
let bundles: FunctionBundle[] = [];
beforeAll(async () => {
  bundles = await buildFunctionBundles();
}, 180_000);

const carries = (bundle: FunctionBundle, name: string) => bundle.packages.some((p) => p.name === name);

describe("function bundles", () => {
  it("zips every function in netlify/functions", () => {
    const sources = readdirSync(join(ROOT, "netlify/functions")).map((file) =>
      file.replace(/\.m?[jt]s$/, ""),
    );
    expect(bundles.map((b) => b.name).sort()).toEqual(sources.sort());
  });

  it("never ships the pinned `node` package", () => {
    expect(bundles.filter((b) => carries(b, "node")).map((b) => b.name)).toEqual([]);
  });

  it("ships sharp only with the functions that process images", () => {
    expect(bundles.filter((b) => carries(b, "sharp")).map((b) => b.name)).toEqual([...SHARP_FUNCTIONS]);
  });

  it(`stays within ${FUNCTION_BUDGETS.sharp / MB} MB zipped with sharp, ${FUNCTION_BUDGETS.other / MB} MB without`, () => {
    const over = bundles
      .map((b) => ({ name: b.name, mb: b.zippedBytes / MB, budget: carries(b, "sharp") ? "sharp" : "other" }))
      .filter((b) => b.mb * MB > FUNCTION_BUDGETS[b.budget as keyof typeof FUNCTION_BUDGETS]);
    expect(over).toEqual([]);
    for (const bundle of bundles) expect(bundle.unzippedBytes).toBeGreaterThan(bundle.zippedBytes);
  });
});

describe("zipEntries", () => {
  it("reads names, uncompressed sizes and bytes from a zip's central directory", () => {
    // One stored entry "a.txt" of 3 bytes, as a minimal zip: local header, data, central directory, end.
    const name = Buffer.from("a.txt");
    const data = Buffer.from("abc");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(3, 18);
    local.writeUInt32LE(3, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(3, 20);
    central.writeUInt32LE(3, 24);
    central.writeUInt16LE(name.length, 28);
    const centralOffset = local.length + name.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(centralOffset, 16);
    const zip = Buffer.concat([local, name, data, central, name, end]);
    const entries = zipEntries(zip);
    expect(entries.map(({ name, bytes, folder }) => ({ name, bytes, folder }))).toEqual([
      { name: "a.txt", bytes: 3, folder: false },
    ]);
    expect(entries[0]!.data().toString()).toBe("abc");
    expect(() => zipEntries(Buffer.from("not a zip at all, not at all"))).toThrow("Not a zip file");
  });
});
