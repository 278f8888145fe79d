import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";

/** Local default password of the Netlify CLI run (docs/security.md, Admin access). */
const PASSWORD = process.env.ADMIN_PASSWORD ?? "admin";
const RUN = randomBytes(3).toString("hex");
// Every change is a round trip through a function and Blobs; a busy shared machine needs patience.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

async function unlock(page: Page) {
  await page.goto("/gallery-admin");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Access Admin" }).click();
  await expect(page.getByText("Welcome to Gallery Admin")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Reload \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText("Loading gallery...")).toBeHidden();
}

const card = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** The card's button named "`action` `title`" (Edit, Delete, Drag to reorder). */
const cardButton = (page: Page, title: string, action: string) =>
  card(page, title).getByRole("button", { name: `${action} ${title}` });

const titles = (page: Page) => page.locator("article h3").allInnerTexts();

async function expectBefore(page: Page, first: string, second: string) {
  await expect(async () => {
    const order = await titles(page);
    expect(order.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(first)).toBeLessThan(order.indexOf(second));
  }).toPass();
}

/** The card's "Move … up" or "Move … down" button pressed, and the reorder confirmed. */
async function moveCard(page: Page, title: string, direction: "up" | "down") {
  await card(page, title)
    .getByRole("button", { name: `Move ${title} ${direction}` })
    .click();
  await expect(page.getByText("Images reordered successfully")).toBeVisible();
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** The admin screen as it is, open toasts included, has no axe violations. */
async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
}

test.describe("lock screen", () => {
  test("asks for the password on every load, refuses a wrong one, and Logout locks", async ({ page }) => {
    await page.goto("/gallery-admin");
    await expect(page.getByRole("button", { name: "Add New Image" })).toHaveCount(0);
    await expect(page.getByLabel("Password")).toBeEnabled();
    await expectNoAxeViolations(page);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Access Admin" }).click();
    await expect(page.getByText("Access Denied")).toBeVisible();
    await expect(page.getByText("Incorrect password")).toBeVisible();
    await expect(page.getByLabel("Password")).toBeVisible();

    await unlock(page);
    await expect(page.getByText("Access Granted")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Gallery Admin" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page.getByLabel("Password")).toBeVisible();
    await unlock(page);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByLabel("Password")).toBeVisible();
    // The session ended on the server too.
    expect((await page.request.get("/api/admin/session")).status()).toBe(401);
  });
});

test.describe("managing images", () => {
  test.describe.configure({ mode: "serial" });
  // These change the shared local gallery: only the desktop project runs this spec
  // (playwright.config.ts), so two runs of them never race each other.

  const alpha = `E2E Alpha ${RUN}`;
  const beta = `E2E Beta ${RUN}`;
  let api: APIRequestContext;

  test.beforeAll(async ({ playwright, baseURL }) => {
    api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL as string } });
    expect((await api.post("/api/admin/login", { data: { password: PASSWORD } })).status()).toBe(200);
    for (const [title, colour] of [
      [alpha, "#aa3311"],
      [beta, "#1133aa"],
    ] as const) {
      const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const upload = await api.post("/api/upload/image", {
        multipart: { image: { name: `${title}.png`, mimeType: "image/png", buffer: png } },
      });
      expect(upload.status()).toBe(201);
      const { imageUrl } = await upload.json();
      const created = await api.post("/api/admin/gallery", {
        data: { title, description: "Made by the browser tests", imageUrl, category: "repairs" },
      });
      expect(created.status()).toBe(201);
    }
  });

  test.afterAll(async () => {
    const items: { id: string; title: string }[] = await (await api.get("/api/gallery")).json();
    for (const item of items.filter((i) => i.title.includes(RUN))) {
      await api.delete(`/api/admin/gallery/${item.id}`);
    }
    await api.dispose();
  });

  test("moves an image up and down with the buttons; the order survives a reload", async ({ page }) => {
    await unlock(page);
    await expectBefore(page, alpha, beta);
    await moveCard(page, beta, "up");
    await expectBefore(page, beta, alpha);
    await expect(card(page, beta).getByRole("button", { name: `Move ${beta} up` })).toBeFocused();

    await unlock(page);
    await expectBefore(page, beta, alpha);
    await moveCard(page, beta, "down");
    await unlock(page);
    await expectBefore(page, alpha, beta);

    const cards = page.locator("article");
    await expect(cards.first().getByRole("button", { name: /^Move .* up$/ })).toBeDisabled();
    await expect(cards.last().getByRole("button", { name: /^Move .* down$/ })).toBeDisabled();
    await expect(cards.first().getByRole("button", { name: /^Move .* down$/ })).toBeEnabled();
    const count = await cards.count();
    await expect(page.getByRole("button", { name: `Reload (${count})` })).toBeVisible();
  });

  test("reorders by dragging a card's handle with the pointer", async ({ page }) => {
    await unlock(page);
    await expectBefore(page, alpha, beta);
    await cardButton(page, alpha, "Drag to reorder").hover();
    await page.mouse.down();
    const target = (await card(page, beta).boundingBox()) as {
      x: number;
      y: number;
      width: number;
      height: number;
    };
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByText("Images reordered successfully")).toBeVisible();
    await expectBefore(page, beta, alpha);
    await unlock(page);
    await expectBefore(page, beta, alpha);
  });

  test("reorders with the keyboard: Space picks up, arrows move, Space drops", async ({ page }) => {
    await unlock(page);
    await expectBefore(page, beta, alpha);
    const handle = cardButton(page, alpha, "Drag to reorder");
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(handle).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("ArrowUp");
    await expectBefore(page, alpha, beta);
    await page.keyboard.press("Space");
    await expect(page.getByText("Images reordered successfully")).toBeVisible();
    await unlock(page);
    await expectBefore(page, alpha, beta);

    // Escape puts it back without saving.
    const again = cardButton(page, alpha, "Drag to reorder");
    await again.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await expectBefore(page, beta, alpha);
    await page.keyboard.press("Escape");
    await expectBefore(page, alpha, beta);
  });

  test("edits title, description and category; Cancel discards", async ({ page }) => {
    await unlock(page);
    await cardButton(page, beta, "Edit").click();
    let dialog = page.getByRole("dialog", { name: "Edit Image" });
    await expect(dialog.getByLabel("Title")).toHaveValue(beta);
    await dialog.getByLabel("Title").fill("Should not be saved");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, beta)).toHaveCount(1);

    const renamed = `${beta} renamed`;
    await cardButton(page, beta, "Edit").click();
    dialog = page.getByRole("dialog", { name: "Edit Image" });
    await dialog.getByLabel("Title").fill("");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Title").fill(renamed);
    await dialog.getByLabel("Description").fill("Smooth render on the gable");
    await dialog.getByLabel("Category").selectOption({ label: "Smooth Rendering" });
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Image updated successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    await unlock(page);
    const edited = card(page, renamed);
    await expect(edited.getByText("Smooth render on the gable")).toBeVisible();
    await expect(edited.getByText("Smooth Rendering")).toBeVisible();

    await page.goto("/gallery");
    await page.getByRole("button", { name: "Smooth Rendering" }).click();
    await expect(
      page.locator("#gallery-grid").getByRole("button", { name: new RegExp(renamed) }),
    ).toBeVisible();
  });

  test("deletes an image after confirmation", async ({ page }) => {
    await unlock(page);
    await cardButton(page, alpha, "Delete").click();
    const confirm = page.getByRole("alertdialog", { name: "Delete image?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(card(page, alpha)).toHaveCount(1);

    const before = await page.locator("article").count();
    await cardButton(page, alpha, "Delete").click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Image deleted successfully")).toBeVisible();
    await expect(card(page, alpha)).toHaveCount(0);
    await unlock(page);
    await expect(card(page, alpha)).toHaveCount(0);
    await expect(page.locator("article")).toHaveCount(before - 1);
  });

  test("uploads a photo-sized JPEG (over 4.5 MB) in requests of at most 4 MiB", async ({ page }) => {
    test.setTimeout(120_000);
    const width = 2600;
    const height = 1950;
    const jpeg = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(jpeg.byteLength).toBeGreaterThan(4.5 * 1024 * 1024);
    const folder = await mkdtemp(join(tmpdir(), "gallery-e2e-"));
    const name = `Roof photo ${RUN}`;
    const file = join(folder, `${name}.jpg`);
    await writeFile(file, jpeg);

    const bodies: number[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/")) bodies.push(request.postDataBuffer()?.byteLength ?? 0);
    });
    await unlock(page);
    const count = await page.locator("article").count();
    await page.getByLabel("Add New Image").setInputFiles(file);
    await expect(page.getByText("Image uploaded successfully")).toBeVisible({ timeout: 90_000 });
    expect(Math.max(...bodies)).toBeLessThanOrEqual(4 * 1024 * 1024);

    const added = card(page, name);
    await expect(added.getByText("Uploaded via Gallery Admin")).toBeVisible();
    await expect(added.getByText("All Projects")).toBeVisible();
    await expect(added.getByText(`Position ${count + 1}`)).toBeAttached();
    await expect(page.getByRole("button", { name: `Reload (${count + 1})` })).toBeVisible();
  });
});
