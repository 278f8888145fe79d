import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** A 1×1 PNG standing in for the gallery's images, so these tests need only the page itself. */
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const ITEMS = [
  {
    id: "a",
    title: "Chimney repointing",
    description: "Lime mortar",
    category: "repairs",
    location: "Kippen",
  },
  { id: "b", title: "Storm damage emergency repairs", category: "emergency" },
  { id: "c", title: "Cottage refresh", description: "Full ROUGHCASTING in pebble dash", category: "all" },
  { id: "d", title: "Roof repair in Stirling", category: "installation" },
  { id: "e", title: "New slate roof", category: "installation" },
].map((item, displayOrder) => ({
  ...item,
  imageUrl: `/e2e-image/${item.id}.png`,
  width: 800,
  height: 600,
  displayOrder,
}));

async function mockGallery(page: Page, body: unknown = ITEMS, status = 200) {
  await page.route("**/e2e-image/*", (route) => route.fulfill({ body: PIXEL, contentType: "image/png" }));
  await page.route("**/api/gallery", (route) =>
    route.fulfill({
      status,
      body: typeof body === "string" ? body : JSON.stringify(body),
      contentType: "application/json",
    }),
  );
}

const grid = (page: Page) => page.locator("#gallery-grid");
const cardTitles = async (page: Page) =>
  (await grid(page).getByRole("listitem").getByRole("button").allInnerTexts()).map(
    (text) => text.split("\n")[0],
  );

test("filters projects by exact category or by the category text in title and description", async ({
  page,
}) => {
  await mockGallery(page);
  await page.goto("/gallery");
  const filters = page.getByRole("group", { name: "Filter projects by category" });
  await expect(filters.getByRole("button", { name: "All Projects" })).toHaveAttribute("aria-pressed", "true");
  await expect(grid(page).getByRole("listitem")).toHaveCount(5);

  const cases: [string, string[]][] = [
    ["Roof Repairs", ["Chimney repointing", "Storm damage emergency repairs"]],
    ["New Installations", ["Roof repair in Stirling", "New slate roof"]],
    ["Roughcasting", ["Cottage refresh"]],
    ["Emergency Work", ["Storm damage emergency repairs"]],
    ["All Projects", ITEMS.map((i) => i.title)],
  ];
  for (const [label, titles] of cases) {
    await filters.getByRole("button", { name: label }).click();
    await expect(filters.getByRole("button", { name: label })).toHaveAttribute("aria-pressed", "true");
    await expect(grid(page).getByRole("listitem")).toHaveCount(titles.length);
    expect(await cardTitles(page)).toEqual(titles);
  }
});

test("shows the empty state when no project matches", async ({ page }) => {
  await mockGallery(page);
  await page.goto("/gallery");
  // The cards appear once the island has hydrated and loaded: only then do the filters respond.
  await expect(grid(page).getByRole("listitem")).toHaveCount(5);
  await page.getByRole("button", { name: "Maintenance" }).click();
  await expect(page.getByRole("heading", { name: "No projects found" })).toBeVisible();
  await expect(page.getByText("Try selecting a different category to see our work.")).toBeVisible();
  await page.getByRole("button", { name: "Smooth Rendering" }).click();
  await expect(page.getByRole("heading", { name: "No projects found" })).toBeVisible();
});

test("shows the empty state for an empty gallery", async ({ page }) => {
  await mockGallery(page, []);
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { name: "No projects found" })).toBeVisible();
});

test("opens a project in a dialog by mouse and closes it with the close button", async ({ page }) => {
  await mockGallery(page);
  await page.goto("/gallery");
  const card = page.getByRole("button", { name: /Chimney repointing/ });
  await card.click();
  const dialog = page.getByRole("dialog", { name: "Chimney repointing" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Professional Roofing Work")).toBeVisible();
  await expect(dialog.getByText("Lime mortar")).toBeVisible();
  await expect(dialog.getByText("Kippen")).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Chimney repointing" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();
});

test("opens a project by keyboard, closes it with Escape and returns focus", async ({ page }) => {
  await mockGallery(page);
  await page.goto("/gallery");
  await expect(grid(page).getByRole("listitem")).toHaveCount(5);
  await page.getByRole("button", { name: "Emergency Work" }).focus();
  await page.keyboard.press("Tab"); // the 'Gallery Admin' link
  await page.keyboard.press("Tab"); // the first card
  const card = page.getByRole("button", { name: /Chimney repointing/ });
  await expect(card).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Chimney repointing" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();
});

test("shows the loading state, then the error with a Retry that reloads the page", async ({ page }) => {
  let calls = 0;
  // The first answer waits until the test has seen the loading state.
  let answerFirst = () => {};
  const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
  await page.route("**/e2e-image/*", (route) => route.fulfill({ body: PIXEL, contentType: "image/png" }));
  await page.route("**/api/gallery", async (route) => {
    calls += 1;
    if (calls === 1) {
      await firstAnswered;
      return route.fulfill({ status: 500, body: "Storage unavailable" });
    }
    return route.fulfill({ body: JSON.stringify(ITEMS), contentType: "application/json" });
  });
  await page.goto("/gallery");
  await expect(page.getByText("Loading gallery...")).toBeVisible();
  answerFirst();
  await expect(page.getByText("Error loading gallery: 500: Storage unavailable")).toBeVisible();
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(grid(page).getByRole("listitem")).toHaveCount(5);
  expect(calls).toBe(2);
});

test("links to the gallery admin and shows the live gallery in display order", async ({ page }) => {
  // What the page itself received: the admin tests change the live gallery at the same time.
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/gallery");
  await page.goto("/gallery");
  const live = (await (await answer).json()) as { title: string }[];
  await expect(page.getByRole("link", { name: "Gallery Admin" })).toHaveAttribute("href", "/gallery-admin");
  if (live.length === 0) {
    await expect(page.getByRole("heading", { name: "No projects found" })).toBeVisible();
  } else {
    await expect(grid(page).getByRole("listitem").first()).toContainText(live[0]!.title);
    await expect(grid(page).getByRole("listitem")).toHaveCount(live.length);
    const first = grid(page).locator("img").first();
    await expect(first).toHaveAttribute("width", /\d+/);
    await expect(first).toHaveAttribute("height", /\d+/);
  }
});

test("has no axe violations with the grid, the empty state and the dialog", async ({ page }) => {
  await mockGallery(page);
  await page.goto("/gallery");
  await expect(grid(page).getByRole("listitem")).toHaveCount(5);
  expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
  await page.getByRole("button", { name: "Maintenance" }).click();
  await expect(page.getByRole("heading", { name: "No projects found" })).toBeVisible();
  expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
  await page.getByRole("button", { name: "All Projects" }).click();
  await page.getByRole("button", { name: /Chimney repointing/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect((await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()).violations).toEqual([]);
});
