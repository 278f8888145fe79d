import { getEntry } from "astro:content";

/** The contractor's details from content/business.yaml. */
export async function getBusiness() {
  const entry = await getEntry("business", "details");
  if (!entry) throw new Error("content/business.yaml must define an entry named 'details'");
  return entry.data;
}

export type Business = Awaited<ReturnType<typeof getBusiness>>;
