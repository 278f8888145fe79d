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

/**
 * The folders of netlify/lib and which others each may import (docs/architecture.md, "Folders and the
 * direction of imports"). The foundations (http, database, blobs) import nothing of the features;
 * a feature imports the foundations and the features below it. The edges listed in
 * BACK_EDGES run the other way on purpose, each for the reason given. A new edge fails here until
 * it is added with a reason, and an edge no code uses any more fails too, so the table stays true.
 */
const FOLDER_IMPORTS: Record<string, string[]> = {
  http: ["admin"],
  database: ["http"],
  admin: ["blobs", "database", "http", "limits"],
  limits: ["admin", "database", "http"],
  links: ["database", "http"],
  uploads: ["blobs", "database", "http", "limits"],
  gallery: ["blobs", "database", "http"],
  "price-guide": ["(root)", "database", "quote"],
  pdf: ["(root)"],
  quote: ["admin", "blobs", "database", "http", "limits", "mail", "price-guide", "uploads"],
  mail: [
    "(root)",
    "blobs",
    "database",
    "follow-up",
    "http",
    "limits",
    "links",
    "payments",
    "proposals",
    "quote",
    "uploads",
    "visits",
  ],
  "follow-up": ["database", "http", "links", "mail", "quote"],
  visits: ["(root)", "database", "http", "links", "mail", "quote"],
  proposals: ["(root)", "admin", "database", "http", "limits", "links", "mail", "payments", "pdf"],
  payments: [
    "(root)",
    "admin",
    "database",
    "follow-up",
    "http",
    "mail",
    "pdf",
    "proposals",
    "quote",
    "visits",
  ],
  desk: ["admin", "database", "follow-up", "http", "mail", "payments", "quote", "uploads", "visits"],
  staff: ["(root)", "admin", "database", "http", "mail"],
};

/** Imports that run back against the direction above, and why each is there. */
const BACK_EDGES: Record<string, string> = {
  "http → admin": "the client key's HMAC needs the site's secret (admin/secrets.ts)",
  "limits → admin": "the mail limits' keys are HMACs under the same secret",
  "price-guide → quote": "calibration reads the type of a lead's record (a type import only)",
  "mail → follow-up":
    "the review e-mails' template writes the unsubscribe link of follow-up/review-requests.ts",
  "mail → quote": "a template is written at send time from the lead's record as it is then",
  "mail → proposals": "the written quote's templates draw its document and PDF at send time",
  "mail → payments": "the receipt, invoice and certificate templates draw their documents at send time",
  "mail → visits": "the visit templates write the calendar invitation at send time",
  "proposals → payments": "cancelling an accepted quote records the refund due in the same transaction",
};

test("netlify/lib's folders import each other only in the written directions", () => {
  const lib = join(ROOT, "netlify", "lib");
  const all = files(lib);
  const known = new Set(all);
  const folderOf = (file: string) => {
    const parts = relative(lib, file).split("/");
    return parts.length > 1 ? parts[0]! : "(root)";
  };
  const found = new Map<string, Set<string>>();
  for (const file of all)
    for (const target of importsOf(file, known)) {
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to || from === "(root)") continue;
      found.set(from, (found.get(from) ?? new Set()).add(to));
    }
  const actual = Object.fromEntries(
    [...found].filter(([, to]) => to.size).map(([from, to]) => [from, [...to].sort()]),
  );
  expect(actual).toEqual(
    Object.fromEntries(Object.entries(FOLDER_IMPORTS).map(([k, v]) => [k, [...v].sort()])),
  );
  // Every pair of folders that import each other is written down as a back edge, one way.
  const mutual = Object.entries(FOLDER_IMPORTS).flatMap(([from, tos]) =>
    tos.filter((to) => FOLDER_IMPORTS[to]?.includes(from)).map((to) => `${from} → ${to}`),
  );
  const explained = mutual.filter(
    (edge) => BACK_EDGES[edge] ?? BACK_EDGES[edge.split(" → ").reverse().join(" → ")],
  );
  expect(explained).toEqual(mutual);
  for (const edge of Object.keys(BACK_EDGES)) expect(mutual).toContain(edge);
});
