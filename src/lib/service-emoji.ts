/**
 * The emoji of the services-page list, chosen by the service's name (docs/spec.md, Services).
 * Browser-safe. Rules are tried in order, so the more specific words come first
 * ("Emergency Repairs" is an emergency before it is a repair).
 */
const RULES: readonly (readonly [RegExp, string])[] = [
  [/emergency/i, "🚨"],
  [/gutter|fascia|soffit/i, "🌧️"],
  [/chimney/i, "🧱"],
  [/lead/i, "🔩"],
  [/flat/i, "🏢"],
  [/reclaimed|slate/i, "♻️"],
  [/roughcast|pebble/i, "🪨"],
  [/render/i, "🎨"],
  [/clean/i, "🧽"],
  [/maintenance|inspection/i, "🛠️"],
  [/install|new roof/i, "🏠"],
  [/repair|leak/i, "🔨"],
];

export const DEFAULT_SERVICE_EMOJI = "🏗️";

export function serviceEmoji(name: string): string {
  return RULES.find(([pattern]) => pattern.test(name))?.[1] ?? DEFAULT_SERVICE_EMOJI;
}

/** A multi-line description as paragraphs: one per non-blank line. */
export function toParagraphs(text: string | undefined): string[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
