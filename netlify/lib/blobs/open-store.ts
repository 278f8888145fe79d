/**
 * The one way into Netlify Blobs. Every `*-store.ts` module opens its store here; nothing else
 * imports `@netlify/blobs` at run time.
 *
 * Production (and the Netlify CLI, tests, scripts) use the site-wide store of that name. A Deploy
 * Preview or branch deploy gets a deploy-scoped store instead: it starts empty and disappears with
 * the deploy, so a preview can never read or write the owner's attachments or gallery images
 * (docs/architecture.md, "Deploy Previews and production data"). Deployed, a deploy whose context is
 * not known to be production (absent, or a name this code does not know) is a preview too: it fails
 * closed, with a log line once per instance.
 */
import { getDeployStore, getStore, type Store } from "@netlify/blobs";

/** Contexts whose functions use the site-wide stores. Anything else is a preview of some kind. */
const SITE_WIDE_CONTEXTS = new Set(["production", "dev"]);
/** The preview contexts Netlify names; any other context is logged as unknown. */
const PREVIEW_CONTEXTS = new Set(["deploy-preview", "branch-deploy"]);

let warnedUnknown = false;

/** The deploy context of the running function: the platform's request context, else `CONTEXT`. */
export function deployContext(): string | undefined {
  const fromPlatform = (globalThis as { Netlify?: { context?: { deploy?: { context?: string } } | null } })
    .Netlify?.context?.deploy?.context;
  return fromPlatform || process.env.CONTEXT || undefined;
}

/**
 * True when this deploy must keep to its own stores and has no admin access: a Deploy Preview or
 * branch deploy, and any deploy whose context is absent or unknown. Under the Netlify CLI
 * (NETLIFY_LOCAL=true: `netlify dev`, `netlify serve`, npm start) never.
 */
export function isPreviewDeploy(context = deployContext()): boolean {
  if (process.env.NETLIFY_LOCAL === "true") return false;
  if (context !== undefined && SITE_WIDE_CONTEXTS.has(context)) return false;
  if ((context === undefined || !PREVIEW_CONTEXTS.has(context)) && !warnedUnknown) {
    warnedUnknown = true;
    const named = context === undefined ? "none" : JSON.stringify(context.slice(0, 40));
    console.warn(
      `Deploy context unknown (${named}): this deploy is treated as a preview, with its own empty stores, no admin access and no e-mail unless SEND_EMAIL_FROM_PREVIEWS=true.`,
    );
  }
  return true;
}

/**
 * Opens the store `name` with strong consistency: site-wide in production and locally,
 * deploy-scoped (one namespace per store name inside the deploy's store) in previews.
 */
export function openStore(name: string): Store {
  if (isPreviewDeploy()) return getDeployStore({ name, consistency: "strong" });
  return getStore({ name, consistency: "strong" });
}
