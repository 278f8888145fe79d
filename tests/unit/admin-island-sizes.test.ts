/**
 * The admin islands stay small enough to hold in one's head (docs/islands.md, "Sizes"): no file under
 * src/islands/admin/ over 300 lines, no function component in them over 200.
 *
 * The measure is deliberately plain. A file's size is its number of lines. A component starts at a
 * line that begins, at column 0, with `function X(`, `export function X(` or `export default
 * function X(` where X starts with a capital letter (React's rule for a component's name), and ends
 * at the first later line that is a lone `}` at column 0 (Prettier closes a top-level function
 * there); its size counts both lines. Components written as arrow functions are not measured: the
 * islands write every component as a function declaration.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const ADMIN = join(ROOT, "src", "islands", "admin");

const MAX_FILE_LINES = 300;
const MAX_COMPONENT_LINES = 200;

const COMPONENT_START = /^(?:export\s+(?:default\s+)?)?function\s+([A-Z]\w*)\s*[(<]/;

interface Component {
  name: string;
  lines: number;
}

/** The function components of a source text, with their lengths in lines (the measure above). */
function componentsOf(source: string): Component[] {
  const lines = source.split("\n");
  const found: Component[] = [];
  lines.forEach((line, start) => {
    const name = COMPONENT_START.exec(line)?.[1];
    if (!name) return;
    const end = lines.findIndex((later, index) => index > start && later === "}");
    found.push({ name, lines: (end === -1 ? lines.length - 1 : end) - start + 1 });
  });
  return found;
}

const lineCount = (source: string) => source.replace(/\n$/, "").split("\n").length;

const ADMIN_FILES = readdirSync(ADMIN, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => relative(ROOT, join(ADMIN, file)))
  .sort();

describe("the measure", () => {
  it.each([
    ["no function", "const a = 1;\n", []],
    ["a hook is not a component", "export function useThing() {\n  return 1;\n}\n", []],
    ["a default export", "export default function Panel() {\n  return null;\n}\n", [["Panel", 3]]],
    [
      "a plain and a named export, each to its own closing line",
      "function Row() {\n  if (x) {\n    y();\n  }\n  return null;\n}\n\nexport function List({ a }: P) {\n  return a;\n}\n",
      [
        ["Row", 6],
        ["List", 3],
      ],
    ],
    ["a generic component", "export function Table<T>(props: P<T>) {\n  return null;\n}\n", [["Table", 3]]],
    [
      "one line over the limit",
      `function Big() {\n${"  step();\n".repeat(MAX_COMPONENT_LINES - 1)}}\n`,
      [["Big", MAX_COMPONENT_LINES + 1]],
    ],
    ["an indented function is not top level", "  function Inner() {\n  }\n", []],
  ] as const)("%s", (_name, source, expected) => {
    expect(componentsOf(source).map(({ name, lines }) => [name, lines])).toEqual(expected);
  });

  it.each([
    ["one line", "a\n", 1],
    ["no final newline", "a\nb", 2],
    ["three lines", "a\nb\nc\n", 3],
  ] as const)("counts lines: %s", (_name, source, expected) => {
    expect(lineCount(source)).toBe(expected);
  });
});

describe("src/islands/admin", () => {
  it("has files to measure", () => {
    expect(ADMIN_FILES.length).toBeGreaterThan(10);
  });

  it.each(ADMIN_FILES)(
    `%s: at most ${MAX_FILE_LINES} lines, components at most ${MAX_COMPONENT_LINES}`,
    (file) => {
      const source = readFileSync(join(ROOT, file), "utf8");
      expect.soft(lineCount(source), "lines in the file").toBeLessThanOrEqual(MAX_FILE_LINES);
      const long = componentsOf(source).filter((component) => component.lines > MAX_COMPONENT_LINES);
      expect(long, "components over the limit").toEqual([]);
    },
  );
});
