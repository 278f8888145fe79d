/**
 * npm run seed: puts the sample projects (scripts/lib/gallery-seed.ts) into the local gallery, once:
 * their images into the local Blobs sandbox that `netlify dev` and `netlify serve` read, their rows
 * into the database the functions will use (NETLIFY_DB_URL when set, as the browser tests'
 * throw-away one; else npm start's in .netlify/postgres, started for the seed when it is not
 * running). Run by `npm run dev`, `npm start` and the end-to-end tests' server before the CLI
 * starts; deployed sites are never seeded.
 */
import { closeDatabase } from "../netlify/lib/database/database.ts";
import { openDatabaseTarget } from "./lib/database-backup.ts";
import { seedGallery } from "./lib/gallery-seed.ts";
import { openLocalBlobs } from "./lib/local-blobs.ts";

const blobs = await openLocalBlobs();
const database = await openDatabaseTarget();
process.env.NETLIFY_DB_URL = database.url;
try {
  const seeded = await seedGallery();
  console.log(seeded ? "Seeded the local gallery with sample projects." : "Local gallery already seeded.");
} finally {
  await closeDatabase();
  await database.close();
  await blobs.stop();
}
