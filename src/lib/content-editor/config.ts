/**
 * The content editor's config (Decap-compatible `config.yml`, read by Sveltia CMS at /admin/),
 * generated from the content collections of src/content.config.ts: where each lives (the loaders
 * of ./sources.ts) and what it holds (its zod schema, through ./fields.ts). Nothing about a
 * collection is written twice, so the editor and the build cannot disagree; a collection the
 * generator cannot map stops the build with its name.
 */
import { z } from "zod";
import { parse } from "yaml";
import { objectFields, humanize, unwrap, type CmsField } from "./fields";
import { rawSchema } from "./owner-messages";
import { contentSource } from "./sources";

/** Reads the checkout's files, relative to its root: the generator needs the keys of data files. */
export interface ContentReader {
  read(path: string): string;
  list(folder: string): string[];
}

export interface EditorSettings {
  /** GitHub repository as owner/name. */
  repo: string;
  /** The branch the site is deployed from. */
  branch: string;
  /** editorial_workflow: each edit is a branch and pull request with its own Deploy Preview. */
  publishMode: "editorial_workflow" | "simple";
  siteUrl: string;
  appTitle: string;
  logoUrl: string;
}

interface CollectionConfig {
  loader?: unknown;
  schema?: unknown;
}

type CmsCollection = Record<string, unknown> & { name: string; label: string };

/** Fields that make a good title for an entry, in order of preference. */
const TITLE_FIELDS = ["title", "name", "question", "label"];

/** Netlify's OAuth provider, which signs the owner in with GitHub (docs/content-editor.md). */
export const NETLIFY_AUTH_URL = "https://api.netlify.com";

/** Where uploaded files would go; no field of this site takes one, but the CMS needs a folder. */
export const MEDIA_FOLDER = "public/uploads";

function schemaOf(name: string, collection: CollectionConfig): z.core.$ZodType {
  if (!(collection.schema instanceof z.core.$ZodType)) {
    throw new Error(`Content editor: collection "${name}" needs a zod schema (not a function) to get a form`);
  }
  return rawSchema(collection.schema);
}

/** The collection's title and help line: the schema's `.meta({ title, description })`. */
function labels(name: string, schema: z.core.$ZodType): { label: string; description?: string } {
  const { meta } = unwrap(schema, z.globalRegistry);
  return {
    label: meta.title ?? humanize(name),
    ...(meta.description ? { description: meta.description } : {}),
  };
}

function titleField(fields: CmsField[]): CmsField | undefined {
  return (
    TITLE_FIELDS.map((name) => fields.find((field) => field.name === name)).find(Boolean) ??
    fields.find((field) => field.widget === "string" && field.required !== false)
  );
}

/** A folder with one file per entry: the owner can add, edit and delete entries. */
function folderCollection(
  name: string,
  schema: z.core.$ZodType,
  source: { folder: string; extension: string },
  reader: ContentReader,
): CmsCollection {
  const fields = objectFields(unwrap(schema, z.globalRegistry).core, name, z.globalRegistry);
  const title = titleField(fields);
  if (!title)
    throw new Error(`Content editor: collection "${name}" has no text field to name its entries by`);
  const markdown = source.extension === "md";
  // Markdown whose text is used by the pages (the legal pages) gets a text editor; front matter
  // only (the services) does not.
  if (markdown && hasBody(source.folder, reader)) {
    fields.push({ name: "body", label: "Text", widget: "markdown" });
  }
  const sortable = ["order", title.name].filter((field) => fields.some((f) => f.name === field));
  return {
    name,
    ...labels(name, schema),
    folder: source.folder,
    extension: source.extension,
    format: markdown ? "frontmatter" : "yaml",
    create: true,
    delete: true,
    identifier_field: title.name,
    // A collection with a `slug` field (the towns) names each file after it; the build checks
    // that they agree.
    slug: fields.some((field) => field.name === "slug") ? "{{fields.slug}}" : "{{slug}}",
    summary: `{{fields.${title.name}}}`,
    sortable_fields: {
      fields: sortable,
      default: { field: sortable[0], direction: "ascending" },
    },
    fields,
  };
}

function hasBody(folder: string, reader: ContentReader): boolean {
  return reader
    .list(folder)
    .filter((file) => file.endsWith(".md"))
    .some((file) => {
      const text = reader.read(`${folder}/${file}`);
      return text.replace(/^---\n[\s\S]*?\n---\n?/, "").trim() !== "";
    });
}

/**
 * One data file: each top-level key is an entry (business.yaml has one, `details`; areas.yaml has
 * one per broad area). The owner edits the entries that exist; adding one is a change of design.
 * A file that is a list of entries with ids is edited as a list.
 */
function fileCollection(
  name: string,
  schema: z.core.$ZodType,
  path: string,
  reader: ContentReader,
): CmsCollection {
  const data: unknown = parse(reader.read(path));
  const entryFields = objectFields(unwrap(schema, z.globalRegistry).core, name, z.globalRegistry);
  const { label, description } = labels(name, schema);
  let fields: CmsField[];
  if (Array.isArray(data)) {
    fields = [
      {
        name: "items",
        label,
        widget: "list",
        root: true,
        fields: [
          {
            name: "id",
            label: "Id",
            widget: "string",
            pattern: ["^[a-z0-9]+(?:-[a-z0-9]+)*$", "lower-case words joined by hyphens"],
          },
          ...entryFields,
        ],
      },
    ];
  } else if (data && typeof data === "object") {
    const keys = Object.keys(data);
    const title = titleField(entryFields);
    fields = keys.map((key) => {
      const entry = (data as Record<string, Record<string, unknown>>)[key];
      const named = title && typeof entry?.[title.name] === "string" ? String(entry[title.name]) : undefined;
      return {
        name: key,
        label: keys.length === 1 ? label : (named ?? humanize(key)),
        widget: "object",
        collapsed: keys.length > 1,
        ...(title && keys.length > 1 ? { summary: `{{fields.${title.name}}}` } : {}),
        fields: entryFields,
      };
    });
  } else {
    throw new Error(`Content editor: ${path} holds no entries`);
  }
  return {
    name,
    label,
    ...(description ? { description } : {}),
    // The file's own label says what is in it: "Business details › Phone, e-mail, …".
    files: [{ name, label: description ?? label, file: path, format: "yaml", fields }],
  };
}

/** The CMS config for these collections (the `collections` export of src/content.config.ts). */
export function cmsConfig(
  collections: Record<string, CollectionConfig>,
  reader: ContentReader,
  settings: EditorSettings,
): Record<string, unknown> {
  return {
    backend: {
      name: "github",
      repo: settings.repo,
      branch: settings.branch,
      base_url: NETLIFY_AUTH_URL,
    },
    publish_mode: settings.publishMode,
    media_folder: MEDIA_FOLDER,
    public_folder: "/uploads",
    site_url: settings.siteUrl,
    display_url: settings.siteUrl,
    logo_url: settings.logoUrl,
    app_title: settings.appTitle,
    // The preview pane would repeat the fields as plain text; the form gets the whole screen.
    editor: { preview: false },
    // An optional field left empty is left out of the file rather than saved as "", which the
    // schemas would refuse for fields with a minimum length.
    output: { omit_empty_optional_fields: true },
    collections: Object.entries(collections).map(([name, collection]) => {
      const schema = schemaOf(name, collection);
      const source = contentSource(collection.loader);
      if (source?.kind === "folder") return folderCollection(name, schema, source, reader);
      if (source?.kind === "file") return fileCollection(name, schema, source.path, reader);
      throw new Error(
        `Content editor: collection "${name}" must use the file() or glob({ pattern: "*.ext", base }) ` +
          "loader of src/lib/content-editor/sources.ts, so the editor knows where it lives",
      );
    }),
  };
}
