/** Service pages linked from the footer, in order (docs/spec.md, Shared elements). */
export const FOOTER_SERVICE_SLUGS = [
  "roof-repairs",
  "new-roof-installation",
  "roughcasting",
  "smooth-rendering",
  "emergency-repairs",
  "roof-maintenance",
  "guttering-services",
] as const;

export const LEGAL_LINKS = [
  { href: "/privacy-policy", label: "Privacy Policy" },
  { href: "/terms-of-service", label: "Terms of Service" },
  { href: "/cookie-policy", label: "Cookie Policy" },
  { href: "/review-policy", label: "Review Policy" },
  { href: "/guarantee", label: "Check a Guarantee" },
] as const;

export const COPYRIGHT_YEAR = 2024;
