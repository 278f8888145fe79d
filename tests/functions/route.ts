/**
 * Calls a function as the platform routes to it: `context.params` comes from matching the request's
 * path against the function's own `config.path`, so a test also checks that the route and the
 * names the handler reads agree. A path the route does not match gets no params.
 */
import type { Config, Context } from "@netlify/functions";

type Handler = (req: Request, context: Context) => Promise<Response> | Response;

/** A `config.path` as a regular expression: `:name` is one segment, captured; `*` is the rest. */
export function patternFor(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) =>
      segment.startsWith(":")
        ? `(?<${segment.slice(1)}>[^/]+)`
        : segment === "*"
          ? ".*"
          : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${source}$`);
}

/** The route params of `url` under `config.path`, as the platform passes them. */
export function paramsFor(config: Config, url: string): Record<string, string> {
  const pathname = new URL(url).pathname;
  const paths = config.path === undefined ? [] : [config.path].flat();
  for (const path of paths) {
    const match = patternFor(path).exec(pathname);
    if (match) return { ...match.groups };
  }
  return {};
}

/** A function context with the client address and the route params for `req`. */
export function routeContext(config: Config, req: Request, ip = "192.0.2.1"): Context {
  return { ip, params: paramsFor(config, req.url) } as unknown as Context;
}

/** `handler` bound to its route: call it with the request alone. */
export function routed(handler: Handler, config: Config, ip?: string) {
  return async (req: Request): Promise<Response> => handler(req, routeContext(config, req, ip));
}
