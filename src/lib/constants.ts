/**
 * Business constants (docs/spec.md, Constants).
 *
 * Shipped to the browser (islands import it) and used by Netlify Functions:
 * keep it free of secrets, Node APIs, astro:* and React imports.
 */

export const MAX_ATTACHMENTS = 5;
/** Each attachment's size limit in MB (1 MB = 1024 × 1024 bytes), as the visitor reads it. */
export const MAX_ATTACHMENT_MB = 5;
export const MAX_ATTACHMENT_BYTES = MAX_ATTACHMENT_MB * 1024 * 1024;
export const NAME_MIN_LENGTH = 2;
export const MESSAGE_MIN_LENGTH = 10;
export const PHONE_MIN_LENGTH = 10;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";

export const HOME_SERVICES_LIMIT = 6;
export const HOME_TESTIMONIALS_LIMIT = 3;
export const BACK_TO_TOP_THRESHOLD_PX = 300;
export const CAROUSEL_INTERVAL_MS = 3000;
export const MESSAGE_PREVIEW_LENGTH = 100;

export const WHATSAPP_GREETING = "Hello! I'd like to enquire about your roofing services.";

export const STATS = {
  yearsExperience: "15+",
  projectsCompleted: "2,500+",
  customerSatisfaction: "98%",
  skilledProfessionals: "15",
} as const;

export const DEFAULT_SERVICE_DESCRIPTION =
  "Professional roofing service delivered by experienced, certified roofers.";
export const FALLBACK_WARRANTY = "5-year guarantee on repairs, 10-year on installations";

export const DEFAULT_SERVICE_FEATURES = [
  "Free detailed inspection and quote",
  "High-quality materials and workmanship",
  "Comprehensive warranty included",
  "Fully insured professionals",
  "Clean-up service after completion",
] as const;

export const DEFAULT_SERVICE_PROCESS = [
  "Initial consultation and inspection",
  "Detailed written quote",
  "Materials sourced and scheduled",
  "Professional installation/repair",
  "Final inspection and clean-up",
] as const;
