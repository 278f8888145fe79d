/**
 * Service icon names (SPEC.md §3) and the emoji shown for each. Browser-safe.
 * An icon name outside this list falls back to DEFAULT_SERVICE_ICON.
 */
export const SERVICE_ICONS = {
  home: "🏠",
  hammer: "🔨",
  "paint-brush": "🖌️",
  tools: "🛠️",
  tint: "💧",
  warning: "⚠️",
  square: "⬛",
  fire: "🔥",
  "paint-roller": "🎨",
  broom: "🧹",
  "layer-group": "🧱",
} as const;

export type ServiceIcon = keyof typeof SERVICE_ICONS;
export const SERVICE_ICON_NAMES = Object.keys(SERVICE_ICONS) as [ServiceIcon, ...ServiceIcon[]];
export const DEFAULT_SERVICE_ICON = "🏗️";

export function iconEmoji(icon: string): string {
  return icon in SERVICE_ICONS ? SERVICE_ICONS[icon as ServiceIcon] : DEFAULT_SERVICE_ICON;
}
