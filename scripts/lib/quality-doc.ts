/** Writes generated tables into docs/quality.md between `<!-- name:start -->` and `<!-- name:end -->`. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { format, resolveConfig } from "prettier";

const QUALITY_DOC = join(import.meta.dirname, "..", "..", "docs", "quality.md");

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** Replaces the block between the markers; throws when docs/quality.md lacks them. */
export async function writeQualityBlock(name: string, markdown: string): Promise<void> {
  await writeMarkdownBlock(QUALITY_DOC, name, markdown);
}

/** Replaces the block between `<!-- name:start -->` and `<!-- name:end -->` in a Markdown file. */
export async function writeMarkdownBlock(file: string, name: string, markdown: string): Promise<void> {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = readFileSync(file, "utf8");
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} needs the markers ${start} … ${end}`);
  const next = `${text.slice(0, from + start.length)}\n\n${markdown}\n\n${text.slice(to)}`;
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(next, { ...options, filepath: file }));
}

/** Prints a table as aligned plain text for the terminal. */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
}
