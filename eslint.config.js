import { defineConfig } from "eslint/config";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import astro from "eslint-plugin-astro";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";
import globals from "globals";

export default defineConfig(
  {
    ignores: [
      "dist/",
      ".astro/",
      ".netlify/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "reports/",
    ],
  },
  js.configs.recommended,
  // Type-aware rules on every TypeScript file, with tsconfig.json (which includes them all).
  ...tseslint.configs.recommendedTypeChecked,
  ...astro.configs.recommended,
  {
    files: ["**/*.tsx", "src/islands/**/*.ts"],
    ...reactHooks.configs.flat["recommended-latest"],
  },
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "no-console": ["error", { allow: ["warn", "error"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["scripts/**", "tests/**"],
    rules: { "no-console": "off" },
  },
  {
    // Tests read JSON answers as untyped data on purpose: their assertions are the check.
    files: ["tests/**"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    // Plain JavaScript configs and .astro components are linted without type information.
    files: ["**/*.js", "**/*.mjs", "**/*.astro", "**/*.astro/*.ts"],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
