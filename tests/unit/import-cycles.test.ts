/**
 * No import circles in the site's code (netlify/, src/): a module never needs, directly or through
 * others, a module that needs it. Static imports, type imports and `import()` all count: a circle
 * of any of them means two modules that cannot be read, tested or loaded one without the other.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { expect, test } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const SOURCE = /\.(ts|tsx|mts)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : files(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

/** The project files a module imports (relative specifiers only; packages cannot be in a circle). */
function importsOf(file: string, known: Set<string>): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;"']*?from\s*["'](\.[^"']+)["']/g),
    ...source.matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    const base = resolve(dirname(file), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, join(base, "index.ts")].find(
      (candidate) => known.has(candidate),
    );
    return found ? [found] : [];
  });
}

/** Strongly connected groups of more than one module (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group);
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

test("no module of the site imports itself back through others", () => {
  const all = [...files(join(ROOT, "netlify")), ...files(join(ROOT, "src"))];
  const known = new Set(all);
  const graph = new Map(all.map((file) => [file, importsOf(file, known)]));
  const found = circles(graph).map((group) => group.map((file) => relative(ROOT, file)).sort());
  expect(found).toEqual([]);
});
