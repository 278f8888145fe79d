/**
 * /admin/config.yml: the content editor's config, generated from the content collections and their
 * schemas at every build (src/lib/content-editor/config.ts), so a field the build requires is a
 * field of the editor's form.
 */
import type { APIRoute } from "astro";
import { stringify } from "yaml";
import { collections } from "../../content.config";
import { cmsConfig } from "../../lib/content-editor/config";
import { contentReader, editorSettings } from "../../../integrations/content-editor";
import { getBusiness } from "../../utils/business";

export const GET: APIRoute = async () => {
  const root = process.cwd();
  const business = await getBusiness();
  const settings = editorSettings(root, `${business.shortName}: edit the site`);
  if (!settings.repoKnown) {
    console.warn(
      `Content editor: no GitHub repository known (CMS_GITHUB_REPO, REPOSITORY_URL or git origin); ` +
        `/admin/ can only edit a local checkout`,
    );
  }
  const config = cmsConfig(collections, contentReader(root), settings);
  const header =
    "# Generated from src/content.config.ts and src/lib/content-schemas.ts at build; do not edit.\n";
  return new Response(header + stringify(config, { lineWidth: 0 }), {
    headers: { "Content-Type": "application/yaml; charset=utf-8" },
  });
};
