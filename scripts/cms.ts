/**
 * npm run cms: edit this checkout's content/ through the same editor the owner uses on the live
 * site, and see each saved change in the local site at once. Starts `astro dev`, which serves the
 * site and the editor at /admin/ (integrations/content-editor.ts) and reloads a page when a file it
 * is built from changes. The editor writes straight into the folder you choose, with the browser's
 * File System Access API (Chrome, Edge, Opera or Brave; not Firefox or Safari); nothing is
 * committed: review the change with `git diff` and commit it yourself. PORT changes the port.
 */
import { spawn } from "node:child_process";

const port = process.env.PORT ?? "4321";
const site = `http://localhost:${port}`;

console.log(`
  Content editor: ${site}/admin/
    1. Open it in Chrome or Edge and choose "Work with Local Repository".
    2. Pick this folder: ${process.cwd()}
    3. Edit and press Save: the file in content/ changes; the page at ${site}/ shows it.
  The editor checks each field as the build does; the build itself checks the rest
  (\`npm run build\` prints what is wrong, field by field). Ctrl+C stops.
`);

const dev = spawn("astro", ["dev", "--port", port], { stdio: "inherit" });
dev.on("exit", (code) => process.exit(code ?? 0));
process.on("SIGINT", () => dev.kill("SIGINT"));
process.on("SIGTERM", () => dev.kill("SIGTERM"));
