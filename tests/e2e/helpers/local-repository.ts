/**
 * The content editor's "Work with Local Repository" (what `npm run cms` offers) asks the browser for
 * a folder with `showDirectoryPicker()`, a native dialog that Playwright cannot answer. The tests
 * answer it with a folder of the browser's own origin-private file system holding a copy of the
 * checkout: the editor then reads and writes it through the same File System Access API it uses on
 * the owner's disk, and the test copies what it wrote back into a checkout on disk.
 */
import type { Page } from "@playwright/test";

const FOLDER = "checkout";

/** Opens /admin/ on a local repository holding `files` (path → text) and signs in to it. */
export async function openLocalRepository(page: Page, files: Record<string, string>): Promise<void> {
  await page.addInitScript((folder) => {
    (
      window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }
    ).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
  }, FOLDER);
  // The private file system belongs to the origin: fill it from a page of the site first.
  await page.goto("/robots.txt");
  await page.evaluate(
    async ({ folder, files }) => {
      const root = await (
        await navigator.storage.getDirectory()
      ).getDirectoryHandle(folder, { create: true });
      for (const [path, text] of Object.entries(files)) {
        const parts = path.split("/");
        let dir = root;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(text);
        await writable.close();
      }
    },
    // The editor checks that the folder it is given is a repository's root.
    { folder: FOLDER, files: { ".git/HEAD": "ref: refs/heads/main\n", ...files } },
  );
  await page.goto("/admin/");
  await page.getByRole("button", { name: "Work with Local Repository" }).click();
}

/** Every file under `prefix` in the local repository, as the editor left it. */
export async function localRepositoryFiles(page: Page, prefix: string): Promise<Record<string, string>> {
  return page.evaluate(
    async ({ folder, prefix }) => {
      const files: Record<string, string> = {};
      const walk = async (dir: FileSystemDirectoryHandle, path: string) => {
        for await (const [name, handle] of dir.entries()) {
          const full = path ? `${path}/${name}` : name;
          if (handle.kind === "directory") await walk(handle, full);
          else if (full.startsWith(`${prefix}/`)) files[full] = await (await handle.getFile()).text();
        }
      };
      await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(folder), "");
      return files;
    },
    { folder: FOLDER, prefix },
  );
}
