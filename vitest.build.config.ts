import { defineConfig } from "vitest/config";

/**
 * Checks of the production build (tests/build/): they read dist/ and need no server or browser.
 * `npm test` runs them right after the browser tests, whose server builds dist/ first; on their own,
 * `npm run build && npm run test:build`. `npm run test:unit` (vitest.config.ts) leaves them out, so
 * it never needs a build.
 */
export default defineConfig({
  test: {
    include: ["tests/build/**/*.test.ts"],
    environment: "node",
    // A missing dist/ fails the run at once, with what to do, instead of once per test.
    globalSetup: ["tests/build/setup.ts"],
  },
});
