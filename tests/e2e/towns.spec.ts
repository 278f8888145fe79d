/**
 * Town pages in the browser (docs/towns.md): /areas and /areas/{slug} for every file in
 * content/towns/, and the projects a town page shows. What the build wrote for them (links, JSON-LD,
 * sitemap entries, the no-doorway measure) is checked in tests/build/towns.test.ts.
 */
import { randomBytes } from "node:crypto";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { towns, type TownFile } from "../build/town-files";

const PASSWORD = process.env.ADMIN_PASSWORD ?? "admin";
const expect = baseExpect.configure({ timeout: 20_000 });

const townByName = (name: string) => towns.find((town) => town.name === name) as TownFile;

test.describe("town routes in the browser", () => {
  for (const town of towns) {
    test(`/areas/${town.slug} answers 200 with its breadcrumbs and heading`, async ({ page }) => {
      const response = await page.goto(`/areas/${town.slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        `Roofing & Roughcasting in ${town.name}`,
      );
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(crumbs.getByRole("link", { name: "Areas We Serve" })).toHaveAttribute("href", "/areas");
      await expect(crumbs.getByRole("link", { name: town.name })).toHaveAttribute("aria-current", "page");
    });
  }

  test("/areas groups the towns by council area and says all of Scotland and UK-wide are covered", async ({
    page,
  }) => {
    expect((await page.goto("/areas"))?.status()).toBe(200);
    const stirling = townByName("Stirling");
    const group = page.getByRole("region", { name: stirling.council, exact: true });
    await expect(group.getByRole("link", { name: /Stirling/ })).toHaveAttribute("href", "/areas/stirling");
    await expect(page.getByText(/all of Scotland and take on projects UK-wide/).first()).toBeVisible();
    await page.getByRole("link", { name: /^Falkirk/ }).click();
    await expect(page).toHaveURL(/\/areas\/falkirk$/);
  });

  test("a quote link on a town page pre-selects the service on /contact", async ({ page }) => {
    await page.goto("/areas/doune");
    await page
      .getByRole("list", { name: "Ask for a quote for" })
      .getByRole("link", { name: "Roughcasting", exact: true })
      .click();
    await expect(page).toHaveURL(/\/contact\?service=roughcasting$/);
    await expect(page.getByLabel(/Service Required/)).toHaveValue("roughcasting");
  });
});

test.describe("projects on town pages", () => {
  // These change the shared local gallery: only the desktop project runs this spec
  // (playwright.config.ts), so two runs of them never race each other.
  test.describe.configure({ mode: "serial", timeout: 90_000 });

  const RUN = randomBytes(3).toString("hex");
  const edited = `E2E town project ${RUN}`;
  const added = `E2E added in Doune ${RUN}`;
  let api: APIRequestContext;

  const png = (colour: string) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
      .png()
      .toBuffer();

  async function unlock(page: Page) {
    await page.goto("/gallery-admin");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Access Admin" }).click();
    await expect(page.getByRole("heading", { name: "Gallery Admin" })).toBeVisible();
    await expect(page.getByText("Loading gallery...")).toBeHidden();
  }

  const projects = (page: Page) => page.getByRole("region", { name: /^Our projects in / });

  test.beforeAll(async ({ playwright, baseURL }) => {
    api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL as string } });
    expect((await api.post("/api/admin/login", { data: { password: PASSWORD } })).status()).toBe(200);
    const upload = await api.post("/api/upload/image", {
      multipart: { image: { name: "town.png", mimeType: "image/png", buffer: await png("#2a7f62") } },
    });
    expect(upload.status()).toBe(201);
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    const created = await api.post("/api/admin/gallery", {
      data: { title: edited, description: "Ridge re-bedded", imageUrl, category: "repairs" },
    });
    expect(created.status()).toBe(201);
  });

  test.afterAll(async () => {
    const items = (await (await api.get("/api/gallery")).json()) as { id: string; title: string }[];
    for (const item of items.filter((i) => i.title.includes(RUN)))
      await api.delete(`/api/admin/gallery/${item.id}`);
    await api.dispose();
  });

  test("a town chosen in the Edit Image dialog puts the project on that town's page only", async ({
    page,
  }) => {
    await page.goto("/areas/kilsyth");
    await expect(page.getByRole("heading", { name: "Towns near Kilsyth" })).toBeVisible();
    await expect(page.getByText(edited)).toHaveCount(0);

    await unlock(page);
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: edited, exact: true }) });
    await card.getByRole("button", { name: `Edit ${edited}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Image" });
    await dialog.getByLabel("Town").selectOption({ label: "Kilsyth" });
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Image updated successfully")).toBeVisible();
    await expect(card.getByText("Kilsyth")).toBeVisible();

    // On a phone-sized screen, showing the section moves nothing in view (CLS, docs/quality.md, The bars).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/areas/kilsyth");
    await expect(projects(page)).toBeVisible();
    await page.waitForLoadState("networkidle");
    const shift = await page.evaluate(() => {
      // A buffered observer holds every layout shift so far at once: takeRecords() hands them over
      // without waiting for its callback (which never comes when there was no shift).
      const observer = new PerformanceObserver(() => undefined);
      observer.observe({ type: "layout-shift", buffered: true });
      const entries = observer.takeRecords() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[];
      observer.disconnect();
      return entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0);
    });
    expect(shift).toBeLessThanOrEqual(0.02);
    await page.setViewportSize({ width: 1280, height: 800 });
    const shown = projects(page).getByRole("listitem").filter({ hasText: edited });
    await expect(shown.getByRole("heading", { name: edited })).toBeVisible();
    await expect(shown.getByRole("img", { name: edited })).toBeVisible();

    await page.goto("/areas/cumbernauld");
    await expect(page.getByRole("heading", { name: "Towns near Cumbernauld" })).toBeVisible();
    // Give the page's script time to fetch and decide.
    await page.waitForLoadState("networkidle");
    await expect(page.getByText(edited)).toHaveCount(0);
  });

  test("a town chosen before 'Add New Image' is stored with the new project", async ({ page }) => {
    await unlock(page);
    await page.getByLabel("Town for new images").selectOption({ label: "New images: Doune" });
    await page.getByLabel("Add New Image").setInputFiles({
      name: `${added}.png`,
      mimeType: "image/png",
      buffer: await png("#7f2a4d"),
    });
    // Preparing, uploading and adding run one after another; a busy machine needs patience.
    await expect(page.getByText("Image uploaded successfully")).toBeVisible({ timeout: 60_000 });

    await page.goto("/areas/doune");
    await expect(projects(page).getByRole("heading", { name: added })).toBeVisible();
    await page.goto("/areas/kilsyth");
    await expect(projects(page).getByRole("heading", { name: edited })).toBeVisible();
    await expect(page.getByText(added)).toHaveCount(0);
  });
});
