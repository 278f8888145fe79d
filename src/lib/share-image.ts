/** The Open Graph / Twitter share image, rendered at build time by src/pages/og-image.png.ts. */
export const SHARE_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: (businessName: string) => `${businessName}: roofing and roughcasting across Scotland and the UK`,
} as const;
