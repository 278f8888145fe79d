import { getStore, setEnvironmentContext } from "@netlify/blobs";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  getJsonWithEtag,
  isPreviewDeploy,
  openStore,
  setJsonIfUnchanged,
} from "../../netlify/lib/blobs/open-store.ts";
import { useBlobs } from "./blobs.ts";

const savedContext = process.env.CONTEXT;
const savedLocal = process.env.NETLIFY_LOCAL;

const blobs = useBlobs();
afterEach(() => {
  setEnvironmentContext(blobs.context);
  if (savedContext === undefined) delete process.env.CONTEXT;
  else process.env.CONTEXT = savedContext;
  if (savedLocal === undefined) delete process.env.NETLIFY_LOCAL;
  else process.env.NETLIFY_LOCAL = savedLocal;
});

describe("openStore", () => {
  it("keeps a Deploy Preview away from the production store", async () => {
    await getStore({ name: "quotes-scope", consistency: "strong" }).setJSON("k", { owner: "production" });
    process.env.CONTEXT = "deploy-preview";
    delete process.env.NETLIFY_LOCAL;
    setEnvironmentContext({
      ...blobs.context,
      deployID: "6650a0f7c1e0b30008a1b2c3",
      primaryRegion: "us-east-1",
    });

    const preview = openStore("quotes-scope");
    expect(await preview.get("k", { type: "json" })).toBeNull();
    await preview.setJSON("k", { owner: "preview" });

    expect(
      await getStore({ name: "quotes-scope", consistency: "strong" }).get("k", { type: "json" }),
    ).toEqual({
      owner: "production",
    });
  });

  it("uses the site-wide store in production and under the Netlify CLI", async () => {
    await getStore({ name: "site-scope", consistency: "strong" }).setJSON("k", 1);
    process.env.CONTEXT = "production";
    expect(await openStore("site-scope").get("k", { type: "json" })).toBe(1);
    process.env.CONTEXT = "branch-deploy";
    process.env.NETLIFY_LOCAL = "true";
    expect(await openStore("site-scope").get("k", { type: "json" })).toBe(1);
  });

  it("treats previews and branch deploys as previews, production and dev as not", () => {
    delete process.env.NETLIFY_LOCAL;
    expect(isPreviewDeploy("deploy-preview")).toBe(true);
    expect(isPreviewDeploy("branch-deploy")).toBe(true);
    expect(isPreviewDeploy("production")).toBe(false);
    expect(isPreviewDeploy("dev")).toBe(false);
  });

  it("deployed, fails closed: an absent or unknown context is a preview (its own stores), logged once", async () => {
    await getStore({ name: "unknown-scope", consistency: "strong" }).setJSON("k", { owner: "production" });
    const warnings: string[] = [];
    const spy = vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(" "));
    });
    try {
      delete process.env.NETLIFY_LOCAL;
      delete process.env.CONTEXT;
      setEnvironmentContext({
        ...blobs.context,
        deployID: "6650a0f7c1e0b30008a1b2c4",
        primaryRegion: "us-east-1",
      });
      expect(isPreviewDeploy()).toBe(true);
      const preview = openStore("unknown-scope");
      expect(await preview.get("k", { type: "json" })).toBeNull();
      await preview.setJSON("k", { owner: "unknown deploy" });
      expect(
        await getStore({ name: "unknown-scope", consistency: "strong" }).get("k", { type: "json" }),
      ).toEqual({ owner: "production" });

      for (const context of ["Production", "production ", "staging", ""]) {
        process.env.CONTEXT = context;
        expect(isPreviewDeploy(), JSON.stringify(context)).toBe(true);
      }
      expect(warnings.filter((line) => line.startsWith("Deploy context unknown"))).toHaveLength(1);

      // netlify dev / netlify serve / npm start set NETLIFY_LOCAL and give no context: site-wide.
      process.env.NETLIFY_LOCAL = "true";
      delete process.env.CONTEXT;
      expect(isPreviewDeploy()).toBe(false);
      expect(await openStore("unknown-scope").get("k", { type: "json" })).toEqual({ owner: "production" });
    } finally {
      spy.mockRestore();
    }
  });
});

describe("getJsonWithEtag and setJsonIfUnchanged", () => {
  it("writes back only against the ETag that was read", async () => {
    const store = openStore("etag-check");
    expect(await getJsonWithEtag(store, "doc")).toBeNull();
    expect(await setJsonIfUnchanged(store, "doc", { v: 1 }, undefined)).toBe(true);
    expect(await setJsonIfUnchanged(store, "doc", { v: 9 }, undefined)).toBe(false);

    const first = await getJsonWithEtag<{ v: number }>(store, "doc");
    expect(first?.data).toEqual({ v: 1 });
    expect(await setJsonIfUnchanged(store, "doc", { v: 2 }, first?.etag)).toBe(true);
    // A second writer holding the old ETag loses and must read again.
    expect(await setJsonIfUnchanged(store, "doc", { v: 3 }, first?.etag)).toBe(false);
    expect((await getJsonWithEtag<{ v: number }>(store, "doc"))?.data).toEqual({ v: 2 });
  });
});

describe("the local Blobs server, as deployed (patches/@netlify+blobs+*.patch)", () => {
  it("answers a read with the entry's ETag, and every write gets a new one", async () => {
    const store = openStore("etag-local");
    const written = await store.setJSON("doc", { v: 0 });
    const read = await store.getWithMetadata("doc", { type: "json" });
    expect(read?.etag).toBe(written.etag);
    expect((await store.getMetadata("doc"))?.etag).toBe(written.etag);
    // Writes within one millisecond still differ.
    const tags = [];
    for (let n = 1; n <= 5; n++) tags.push((await store.setJSON("doc", { v: n })).etag);
    expect(new Set([written.etag, ...tags]).size).toBe(6);
  });

  it("lets exactly one of many writers holding the same ETag win", async () => {
    const store = openStore("etag-race");
    await store.setJSON("doc", { v: 0 });
    const { etag } = (await store.getWithMetadata("doc", { type: "json" }))!;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) => store.setJSON("doc", { v: n + 1 }, { onlyIfMatch: etag! })),
    );
    expect(results.filter((result) => result.modified)).toHaveLength(1);
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, n) => store.setJSON("new", { v: n }, { onlyIfNew: true })),
    );
    expect(created.filter((result) => result.modified)).toHaveLength(1);
  });
});
