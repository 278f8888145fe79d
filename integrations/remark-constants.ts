/**
 * Remark plugin: replaces `{NAME}` placeholders in content Markdown with values from the code, so
 * a number the site both states and acts on has one source. An unknown placeholder fails the build.
 *
 * - `{LEAD_RETENTION_MONTHS}`: how long quote requests that did not become work are kept; the
 *   scheduled retention function erases by the same constant (src/lib/leads.ts).
 */
import { LEAD_RETENTION_MONTHS } from "../src/lib/leads.ts";

export const CONTENT_CONSTANTS: Readonly<Record<string, string>> = {
  LEAD_RETENTION_MONTHS: String(LEAD_RETENTION_MONTHS),
};

const PLACEHOLDER = /\{([A-Z][A-Z0-9_]*)\}/g;

interface Node {
  type: string;
  value?: string;
  children?: Node[];
}

/** The text with every placeholder replaced; throws on an unknown name. */
export function fillConstants(text: string): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = CONTENT_CONSTANTS[name];
    if (value === undefined) throw new Error(`Unknown content placeholder {${name}}`);
    return value;
  });
}

function visit(node: Node): void {
  if ((node.type === "text" || node.type === "inlineCode") && typeof node.value === "string") {
    node.value = fillConstants(node.value);
  }
  node.children?.forEach(visit);
}

export default function remarkConstants() {
  return (tree: Node) => visit(tree);
}
