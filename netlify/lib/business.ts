/**
 * The contractor's details from content/business.yaml, for functions (the pages read the same file
 * through Astro's content collection, whose schema checks it at build time). The build ships the
 * file with the functions that read it (netlify/lib/shipped-file.ts). The YAML parser loads on first use, keeping it off cold starts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import type { BusinessSchema } from "../../src/lib/content-schemas.ts";
import type { DocumentBusiness } from "../../src/lib/proposals/quote-document.ts";
import { shippedFile } from "./shipped-file.ts";

export type BusinessDetails = z.infer<typeof BusinessSchema>;

const BUSINESS_FILE = join("content", "business.yaml");

let cached: BusinessDetails | undefined;

/** Read once per function instance. */
export async function businessDetails(): Promise<BusinessDetails> {
  if (!cached) {
    const { parse } = await import("yaml");
    const details = (parse(readFileSync(shippedFile(BUSINESS_FILE), "utf8")) as { details?: BusinessDetails })
      .details;
    if (
      typeof details?.name !== "string" ||
      typeof details.email !== "string" ||
      typeof details.phone !== "string"
    ) {
      throw new Error(`${BUSINESS_FILE} has no details with a name, e-mail and phone`);
    }
    cached = details;
  }
  return cached;
}

/** The business as the documents (written quotes, invoices, receipts, certificates) name it. */
export function documentBusiness(business: BusinessDetails): DocumentBusiness {
  const { address } = business;
  return {
    name: business.name,
    address: `${address.street}, ${address.locality}, ${address.region} ${address.postcode}`,
    registeredAddress: business.registeredAddress ?? null,
    phone: business.phone,
    email: business.email,
    vatNumber: business.vatNumber,
  };
}
