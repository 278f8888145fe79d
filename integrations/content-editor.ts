/**
 * The content editor at /admin/: Sveltia CMS, pinned in package.json and served from the site's
 * own files, never from a CDN (docs/content-editor.md).
 *
 * - public/admin/index.html is the page; src/pages/admin/config.yml.ts generates its config from
 *   the content collections.
 * - At the end of the build this integration copies the CMS's script into dist/admin/, with the
 *   fonts it would fetch from jsDelivr copied beside it and the script pointed at them.
 * - Under `astro dev` (npm run cms) it serves the same files, so the owner or a developer can
 *   edit the checkout's content/ through the same screens and see the result at once.
 * - The page's Content-Security-Policy is here; integrations/security-headers.ts publishes it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import type { ViteDevServer } from "vite";
import type { ContentReader, EditorSettings } from "../src/lib/content-editor/config.ts";
import { SITE_URL } from "./site.ts";

/** Where the editor is served, and its folder in dist/ and public/. */
export const CONTENT_EDITOR_PATH = "/admin";
export const CONTENT_EDITOR_DIR = "admin";
export const CMS_SCRIPT = "sveltia-cms.js";

/**
 * Fonts the CMS loads from jsDelivr (the @font-face rules inside its script), and the npm packages
 * that ship the same files. The build fails when a new CMS version names other URLs, so a font is
 * never fetched from a CDN unnoticed.
 */
export const CMS_FONTS = [
  {
    url: "https://cdn.jsdelivr.net/fontsource/fonts/source-sans-3:vf@5.3.0/latin-wght-normal.woff2",
    file: "@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2",
  },
  {
    url: "https://cdn.jsdelivr.net/fontsource/fonts/noto-mono@5.3.0/latin-400-normal.woff2",
    file: "@fontsource/noto-mono/files/noto-mono-latin-400-normal.woff2",
  },
  {
    url: "https://cdn.jsdelivr.net/fontsource/fonts/material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2",
    file: "@fontsource-variable/material-symbols-outlined/files/material-symbols-outlined-latin-wght-normal.woff2",
  },
] as const;

/**
 * What the editor's page may load and where it may connect, and nothing else: its own script and
 * fonts; the styles the CMS injects; GitHub's API (reading and committing content), its status
 * page (the CMS warns when GitHub is down) and users' avatars. Signing in opens Netlify's OAuth page
 * in a new window, which this policy does not govern. The CMS also asks unpkg.com whether a newer
 * version exists: the policy refuses that on purpose, the version is pinned.
 */
export const CONTENT_EDITOR_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://avatars.githubusercontent.com",
  "font-src 'self'",
  "connect-src 'self' blob: data: https://api.github.com https://www.githubstatus.com",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** The CMS's script with its font URLs pointing at /admin/fonts/. */
export function cmsScript(root: string): string {
  let script = readFileSync(join(root, "node_modules", "@sveltia", "cms", "dist", CMS_SCRIPT), "utf8");
  for (const font of CMS_FONTS) {
    if (!script.includes(font.url)) {
      throw new Error(`The content editor's script no longer loads ${font.url}: update CMS_FONTS`);
    }
    script = script.replaceAll(font.url, `${CONTENT_EDITOR_PATH}/fonts/${basename(font.file)}`);
  }
  const cdn = /https:\/\/cdn\.jsdelivr\.net\/[^\s`'")]+/.exec(script)?.[0];
  if (cdn) throw new Error(`The content editor's script loads ${cdn} from a CDN: add it to CMS_FONTS`);
  return script;
}

/** The files to serve under /admin/fonts/: name → absolute path. */
function fontFiles(root: string): Map<string, string> {
  return new Map(CMS_FONTS.map((font) => [basename(font.file), join(root, "node_modules", font.file)]));
}

/** owner/name from a GitHub URL (https://github.com/owner/name.git or git@github.com:owner/name). */
export function githubRepo(url: string | undefined): string | undefined {
  return /github\.com[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(url ?? "")?.[1];
}

function originUrl(root: string): string | undefined {
  try {
    return execFileSync("git", ["config", "--get", "remote.origin.url"], {
      cwd: root,
      encoding: "utf8",
    }).trim();
  } catch {
    return undefined;
  }
}

/**
 * Where the editor commits, from the environment: CMS_GITHUB_REPO, else the repository Netlify
 * builds from (REPOSITORY_URL), else the checkout's `origin`. A checkout with none of them can only
 * be edited locally ("Work with Local Repository"); the config then names the folder.
 */
export function editorSettings(
  root: string,
  appTitle: string,
  env: NodeJS.ProcessEnv = process.env,
): EditorSettings & { repoKnown: boolean } {
  const repo =
    githubRepo(env.CMS_GITHUB_REPO ? `github.com/${env.CMS_GITHUB_REPO}` : undefined) ??
    githubRepo(env.REPOSITORY_URL) ??
    githubRepo(originUrl(root));
  return {
    repo: repo ?? `local/${basename(root)}`,
    repoKnown: repo !== undefined,
    branch: env.CMS_BRANCH || "main",
    publishMode: env.CMS_PUBLISH_MODE === "simple" ? "simple" : "editorial_workflow",
    siteUrl: SITE_URL,
    appTitle,
    logoUrl: "/favicon.svg",
  };
}

/** Reads the checkout at `root`. */
export function contentReader(root: string): ContentReader {
  return {
    read: (path) => readFileSync(join(root, path), "utf8"),
    list: (folder) => readdirSync(join(root, folder)),
  };
}

/** Serves /admin/ from node_modules under `astro dev`, as the build writes it into dist/. */
function devMiddleware(root: string) {
  const fonts = fontFiles(root);
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const send = (type: string, body: string | Buffer) => {
      res.setHeader("Content-Type", type);
      res.setHeader("Content-Security-Policy", CONTENT_EDITOR_POLICY);
      res.end(body);
    };
    if (path === CONTENT_EDITOR_PATH || path === `${CONTENT_EDITOR_PATH}/`) {
      return send("text/html", readFileSync(join(root, "public", CONTENT_EDITOR_DIR, "index.html")));
    }
    if (path === `${CONTENT_EDITOR_PATH}/${CMS_SCRIPT}`) return send("text/javascript", cmsScript(root));
    const font = path.startsWith(`${CONTENT_EDITOR_PATH}/fonts/`)
      ? fonts.get(path.slice(`${CONTENT_EDITOR_PATH}/fonts/`.length))
      : undefined;
    if (font) return send("font/woff2", readFileSync(font));
    next();
  };
}

export default function contentEditor(): AstroIntegration {
  let root = process.cwd();
  // Returned from configureServer, so it runs after Astro has put its own middleware first (which
  // answers /admin/ with a 404: the site's URLs have no trailing slash); ours goes before it.
  const configureServer = (server: ViteDevServer) => () => {
    server.middlewares.stack.unshift({ route: "", handle: devMiddleware(root) });
  };
  return {
    name: "content-editor",
    hooks: {
      "astro:config:setup": ({ config, updateConfig }) => {
        root = fileURLToPath(config.root);
        updateConfig({ vite: { plugins: [{ name: "content-editor-dev", configureServer }] } });
      },
      "astro:build:done": ({ dir, logger }) => {
        const out = join(fileURLToPath(dir), CONTENT_EDITOR_DIR);
        for (const file of ["index.html", "config.yml"]) {
          if (!existsSync(join(out, file)))
            throw new Error(`Content editor: dist/${CONTENT_EDITOR_DIR}/${file} is missing`);
        }
        writeFileSync(join(out, CMS_SCRIPT), cmsScript(root));
        mkdirSync(join(out, "fonts"), { recursive: true });
        for (const [name, file] of fontFiles(root))
          writeFileSync(join(out, "fonts", name), readFileSync(file));
        logger.info(`Wrote the content editor to dist/${CONTENT_EDITOR_DIR}/`);
      },
    },
  };
}
