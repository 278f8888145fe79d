/** The contractor's details as content/business.yaml states them, for checks that must follow the file. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

interface BusinessDetails {
  name: string;
  shortName: string;
  phone: string;
  whatsapp: string;
  email: string;
}

const file = join(import.meta.dirname, "..", "..", "..", "content", "business.yaml");
export const BUSINESS = (parse(readFileSync(file, "utf8")) as { details: BusinessDetails }).details;

/** The `tel:` link of the business phone: its digits (and a leading +) only. */
export const PHONE_HREF = `tel:${BUSINESS.phone.replace(/[^\d+]/g, "")}`;
