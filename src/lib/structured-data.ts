/**
 * schema.org JSON-LD builders: the contractor (RoofingContractor), breadcrumbs and services.
 *
 * Pure functions over plain data so pages, tests and the build share them. Shipped only into
 * static HTML; keep it free of Node APIs, astro:* and React imports.
 */

export interface BusinessDetails {
  name: string;
  phone: string;
  email: string;
  address: { street: string; locality: string; region: string; postcode: string; country: string };
  geo?: { latitude: number; longitude: number };
  workingHours: { weekdays: string; saturday: string; sunday: string };
  priceRange: string;
  foundedYear?: number;
  sameAs?: readonly string[];
}

export interface AreaDetails {
  name: string;
  /** The council area a town lies in: `containedInPlace`. */
  containedIn?: string;
}

export interface ServiceDetails {
  slug: string;
  name: string;
  description: string;
}

export interface Crumb {
  name: string;
  /** Site-relative path, e.g. "/services". */
  href: string;
}

export interface OpeningHours {
  "@type": "OpeningHoursSpecification";
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const DAY_PREFIX = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)/i;
const HOURS = /^(\w{3})(?:\s*-\s*(\w{3}))?\s+(\d{1,2}):(\d{2})\s*(AM|PM)\s*-\s*(\d{1,2}):(\d{2})\s*(AM|PM)$/i;

function dayIndex(abbreviation: string): number {
  const index = DAYS.findIndex((day) => day.slice(0, 3).toLowerCase() === abbreviation.toLowerCase());
  if (index < 0) throw new Error(`Unknown day "${abbreviation}"`);
  return index;
}

function to24h(hour: string, minute: string, meridiem: string): string {
  const h = (Number(hour) % 12) + (meridiem.toUpperCase() === "PM" ? 12 : 0);
  return `${String(h).padStart(2, "0")}:${minute}`;
}

/**
 * Reads the business file's human hours ("Mon-Fri 9:00 AM-5:00 PM") as schema.org opening hours.
 * Text that names no days (e.g. "Emergency only") has no regular hours and gives null; text that
 * starts with a day but does not parse throws, so a typo in content/business.yaml fails the build.
 */
export function parseOpeningHours(text: string): OpeningHours | null {
  const trimmed = text.trim();
  if (!DAY_PREFIX.test(trimmed)) return null;
  const match = HOURS.exec(trimmed);
  if (!match) throw new Error(`Cannot read opening hours "${text}"; write e.g. "Mon-Fri 9:00 AM-5:00 PM"`);
  const [, from, to, oh, om, omer, ch, cm, cmer] = match as unknown as string[];
  const first = dayIndex(from!);
  const last = to ? dayIndex(to) : first;
  if (last < first) throw new Error(`Opening hours "${text}" run backwards`);
  return {
    "@type": "OpeningHoursSpecification",
    dayOfWeek: DAYS.slice(first, last + 1).map((day) => day),
    opens: to24h(oh!, om!, omer!),
    closes: to24h(ch!, cm!, cmer!),
  };
}

/** E.164 form of a UK number: "07700 900412" → "+447700900412". */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+")) return `+${digits}`;
  return digits.startsWith("0") ? `+44${digits.slice(1)}` : `+${digits}`;
}

function absolute(path: string, site: string): string {
  return new URL(path, site).href;
}

export function businessId(site: string): string {
  return `${absolute("/", site)}#business`;
}

function place(area: AreaDetails) {
  return {
    "@type": "Place",
    name: area.name,
    ...(area.containedIn && { containedInPlace: { "@type": "AdministrativeArea", name: area.containedIn } }),
  };
}

export function localBusinessJsonLd(
  business: BusinessDetails,
  areas: readonly AreaDetails[],
  services: readonly ServiceDetails[],
  site: string,
  image: string,
) {
  const hours = [business.workingHours.weekdays, business.workingHours.saturday, business.workingHours.sunday]
    .map(parseOpeningHours)
    .filter((spec): spec is OpeningHours => spec !== null);
  return {
    "@context": "https://schema.org",
    "@type": "RoofingContractor",
    "@id": businessId(site),
    name: business.name,
    url: absolute("/", site),
    logo: absolute("/favicon.svg", site),
    image: absolute(image, site),
    telephone: internationalPhone(business.phone),
    email: business.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: business.address.street,
      addressLocality: business.address.locality,
      addressRegion: business.address.region,
      postalCode: business.address.postcode,
      addressCountry: business.address.country,
    },
    ...(business.geo && {
      geo: {
        "@type": "GeoCoordinates",
        latitude: business.geo.latitude,
        longitude: business.geo.longitude,
      },
    }),
    openingHoursSpecification: hours,
    areaServed: areas.map(place),
    priceRange: business.priceRange,
    ...(business.foundedYear && { foundingDate: String(business.foundedYear) }),
    ...(business.sameAs && business.sameAs.length > 0 && { sameAs: [...business.sameAs] }),
    ...(services.length > 0 && {
      hasOfferCatalog: {
        "@type": "OfferCatalog",
        name: "Roofing and roughcasting services",
        itemListElement: services.map((service) => ({
          "@type": "Offer",
          itemOffered: serviceEntry(service, site),
        })),
      },
    }),
  };
}

function serviceEntry(service: ServiceDetails, site: string) {
  return {
    "@type": "Service",
    name: service.name,
    description: service.description,
    url: absolute(`/services/${service.slug}`, site),
  };
}

/** A Service offered by the contractor, for the service's own page. */
export function serviceJsonLd(service: ServiceDetails, areas: readonly AreaDetails[], site: string) {
  return {
    "@context": "https://schema.org",
    ...serviceEntry(service, site),
    serviceType: service.name,
    provider: { "@id": businessId(site) },
    areaServed: areas.map(place),
  };
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[], site: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absolute(crumb.href, site),
    })),
  };
}

/**
 * JSON for an inline <script type="application/ld+json">: "<" is escaped so no text from
 * content/ can close the script element.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
