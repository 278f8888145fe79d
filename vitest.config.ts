import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // src/content.config.ts outside Astro (the content editor's tests read its collections).
    alias: { "astro:content": "astro/content/config" },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/functions/**/*.test.ts"],
    environment: "node",
    // The functions run as the production deploy: deployed (no NETLIFY_LOCAL), a deploy whose context
    // is absent or unknown counts as a preview (netlify/lib/blobs/open-store.ts). Tests of previews
    // set CONTEXT themselves and put this back.
    env: { CONTEXT: "production" },
    // The town slugs are read from content/ into a generated module first, as the build does; one
    // PostgreSQL serves the run, a database per test file (tests/functions/database.ts).
    globalSetup: ["tests/setup/content-index.ts", "tests/setup/database.ts"],
    // Function tests each start their own BlobsServer on a temp folder and use a database of their
    // own: files run in parallel, tests in order. Most of a function test's time is spent waiting
    // on PostgreSQL, the Blobs server or the SMTP server, not on the CPU, so four files run at
    // once even on two cores (Vitest's default is one fewer than the cores: one file at a time on
    // two); docs/quality.md, "The suite's time".
    maxWorkers: 4,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
