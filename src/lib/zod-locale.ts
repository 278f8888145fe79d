/**
 * zod's English messages for the zod/mini schemas. zod/mini leaves the locale to the application
 * (classic zod sets English when it builds its first schema), so without this a check that has no
 * message of its own says only "Invalid input" where classic zod says, for example, "Too big:
 * expected string to have <=200 characters". Every module that builds a zod/mini schema imports
 * it, so the messages do not depend on what else a bundle loads. Browser-safe.
 */
import * as z from "zod/mini";
import { en } from "zod/locales";

z.config(en());
