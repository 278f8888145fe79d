/**
 * npm run seed: puts the sample projects (scripts/lib/gallery-seed.ts) into the local Blobs sandbox
 * that `netlify dev` and `netlify serve` read, once per sandbox. Run by `npm run dev`, `npm start`
 * and the end-to-end tests' server before the CLI starts; deployed sites are never seeded.
 */
import { seedGallery } from "./lib/gallery-seed.ts";
import { openLocalBlobs } from "./lib/local-blobs.ts";

const blobs = await openLocalBlobs();
try {
  const seeded = await seedGallery();
  console.log(seeded ? "Seeded the local gallery with sample projects." : "Local gallery already seeded.");
} finally {
  await blobs.stop();
}
