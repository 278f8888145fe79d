import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/functions/**/*.test.ts"],
    environment: "node",
    // Function tests each start their own BlobsServer on a temp folder; run files in parallel, tests in order.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
