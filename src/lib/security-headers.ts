/**
 * Security headers shared by the static pages (integrations/security-headers.ts writes them into
 * dist/_headers) and by Netlify Function responses (netlify/lib/http/responses.ts), which the CDN's header
 * rules do not reach when deployed.
 */

/** docs/quality.md, The bars, asks for HSTS of at least six months; one year is the usual preload floor. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Powerful features the site never uses, denied to the page and to any frame. */
export const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
] as const;

/** Features the site uses itself and lends to no frame: passkeys (docs/staff.md). */
export const OWN_FEATURES = ["publickey-credentials-create", "publickey-credentials-get"] as const;

/** Headers every response carries, pages and function responses alike. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": [
    ...DENIED_FEATURES.map((feature) => `${feature}=()`),
    ...OWN_FEATURES.map((feature) => `${feature}=(self)`),
  ].join(", "),
  "X-Frame-Options": "DENY",
};

/** For responses that are data, not documents: nothing in them may run, load or be framed. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";
