import type { APIRoute } from "astro";
import { getBusiness } from "../utils/business";
import { deskManifest } from "../lib/desk-app";

/** The lead desk's web app manifest (src/lib/desk-app.ts), written at build time. */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(deskManifest(await getBusiness()), null, 2), {
    headers: { "Content-Type": "application/manifest+json" },
  });
