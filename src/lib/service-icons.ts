/**
 * Service icon names (docs/spec.md, Content and records): what `icon:` in content/services may say. Browser-safe. Each is
 * drawn by icon-paths.ts; a name outside this list fails the content build.
 */
export const SERVICE_ICON_NAMES = [
  "home",
  "hammer",
  "paint-brush",
  "tools",
  "tint",
  "warning",
  "square",
  "fire",
  "paint-roller",
  "broom",
  "layer-group",
] as const;

export type ServiceIcon = (typeof SERVICE_ICON_NAMES)[number];
