/**
 * The second half of `npm run build`: every function bundled into one file with esbuild, into
 * .netlify/functions-bundled, where netlify.toml points Netlify (scripts/lib/function-build.ts).
 */
import { buildFunctions, BUNDLED_FUNCTIONS, fromRoot } from "./lib/function-build.ts";

const started = performance.now();
const built = await buildFunctions();
console.log(
  `Bundled ${built.length} functions into ${fromRoot(BUNDLED_FUNCTIONS)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
