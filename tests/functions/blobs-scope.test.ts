import { getStore, setEnvironmentContext } from "@netlify/blobs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isPreviewDeploy, openStore } from "../../netlify/lib/blobs/open-store.ts";
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
