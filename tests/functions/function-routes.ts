/**
 * Every HTTP route of the site's functions, read from their own `config` exports: each
 * netlify/functions/*.mts is imported and its `config.path`, `config.method` and
 * `config.excludedPath` make a route. The test router (api-client.ts) and the property tests use
 * this list, so a new function is routed and fuzzed without anyone adding it anywhere. Scheduled
 * functions and the /api/* 404 (reached through a rewrite) declare no path and are not routes.
 */
import { readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Config, Context } from "@netlify/functions";
import { patternFor } from "./route.ts";

export type Handler = (req: Request, context: Context) => Promise<Response> | Response;

export interface FunctionRoute {
  /** The function's file name without `.mts`. */
  name: string;
  handler: Handler;
  config: Config;
  /** `config.path`, one entry per path. */
  paths: readonly string[];
  /** `config.method` in upper case; null when the function takes every method. */
  methods: readonly string[] | null;
}

const FUNCTIONS_DIR = join(import.meta.dirname, "..", "..", "netlify", "functions");

const list = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...(value as readonly T[])] : [value as T];

async function loadRoutes(): Promise<FunctionRoute[]> {
  const files = readdirSync(FUNCTIONS_DIR)
    .filter((file) => file.endsWith(".mts"))
    .sort();
  const routes: FunctionRoute[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(FUNCTIONS_DIR, file)).href)) as {
      default: Handler;
      config?: Config;
    };
    const config = module.config ?? {};
    const paths = list(config.path);
    if (paths.length === 0) continue;
    const methods = list(config.method).map((method) => method.toUpperCase());
    routes.push({
      name: basename(file, ".mts"),
      handler: module.default,
      config,
      paths,
      methods: methods.length ? methods : null,
    });
  }
  return routes;
}

export const FUNCTION_ROUTES: readonly FunctionRoute[] = await loadRoutes();

/** How many path segments are patterns (`:name`, `*`): the fewer, the more specific a path. */
const looseness = (path: string) => path.split("/").filter((s) => s.startsWith(":") || s === "*").length;

const compiled = FUNCTION_ROUTES.flatMap((route) =>
  route.paths.map((path) => ({
    route,
    path,
    pattern: patternFor(path),
    excluded: list(route.config.excludedPath).map(patternFor),
  })),
).sort((a, b) => looseness(a.path) - looseness(b.path));

/**
 * The route that answers `method pathname`, as the platform picks it: a path the route declares,
 * not one it excludes, a method it takes; a literal path wins over a pattern that also matches.
 */
export function routeFor(method: string, pathname: string): FunctionRoute | undefined {
  return compiled.find(
    ({ route, pattern, excluded }) =>
      pattern.test(pathname) &&
      !excluded.some((exclusion) => exclusion.test(pathname)) &&
      (!route.methods || route.methods.includes(method)),
  )?.route;
}
