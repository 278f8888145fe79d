/**
 * 24×24 stroke drawings for the service icon names, shared by .astro components and the
 * carousel island. Browser-safe. Unknown names get DEFAULT_ICON_PATH (docs/spec.md, Content and records).
 */
import type { ServiceIcon } from "./service-icons";

export const ICON_PATHS: Record<ServiceIcon, string> = {
  home: "M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5M10 20v-5.5h4V20",
  hammer: "M14.5 4.5 19.5 9.5M12 7l5 5M13.5 5.5l2-2 5 5-2 2M12 7 3.5 15.5a2.1 2.1 0 0 0 3 3L15 10",
  "paint-brush": "M19.5 3.5 10 13M13 10l1 1M10 13c-2.5-.5-4.5 1-4.5 3.5 0 1.5-1 2.5-2 3 3 .5 7.5 0 7.5-4.5",
  tools:
    "M14.5 3.5a5 5 0 0 0-4.4 7L3.5 17a2.1 2.1 0 0 0 3 3l6.5-6.6a5 5 0 0 0 7-4.4l-3 3-3-1-1-3 3-3a5 5 0 0 0-1.5-1.5Z",
  tint: "M12 3s6.5 7 6.5 11.5a6.5 6.5 0 0 1-13 0C5.5 10 12 3 12 3Z",
  warning: "M12 3.5 2.5 20h19L12 3.5ZM12 10v4.5M12 17.5v.01",
  square: "M3 10h18v10H3zM3 10l2.5-3.5h13L21 10M8 20v-5h8v5",
  fire: "M12 21a6 6 0 0 1-6-6c0-3.5 2.5-5 3-8 1.5 1 2.5 2.5 2.5 4.5 1-1 1.5-2.5 1.5-4.5 3 2 5 5 5 8a6 6 0 0 1-6 6Z",
  "paint-roller": "M4 4h13v5H4zM17 6.5h3V12h-8.5v3M10 15h3v6h-3z",
  broom: "M15 3 10.5 11M6 11h9l2 10H4l2-10ZM8.5 15v6M12.5 15v6",
  "layer-group": "M12 3 2.5 8 12 13l9.5-5L12 3ZM2.5 12.5 12 17.5l9.5-5M2.5 16.5 12 21.5l9.5-5",
};

/** A telephone handset, beside the phone number in the header (an emoji would need an emoji font). */
export const PHONE_ICON_PATH =
  "M5 3.5h3.5L10 8 7.8 9.4a11 11 0 0 0 6.8 6.8L16 14l4.5 1.5V19a1.5 1.5 0 0 1-1.6 1.5A16.5 16.5 0 0 1 3.5 5.1 1.5 1.5 0 0 1 5 3.5Z";

export const DEFAULT_ICON_PATH = "M3 21h18M5 21V10l7-6 7 6v11M9 21v-6h6v6";

export function iconPath(icon: string): string {
  return icon in ICON_PATHS ? ICON_PATHS[icon as ServiceIcon] : DEFAULT_ICON_PATH;
}
