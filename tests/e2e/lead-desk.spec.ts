/**
 * The owner's lead desk on /contact-admin (docs/lead-desk.md) in real Chromium against the production
 * build: find a lead by search, set it to Contacted, add a note, reload and see both, export, delete;
 * the 412 path; paging; the source a quote records; axe on each state. The chart at both widths is in
 * lead-desk-chart.spec.ts, the phone's layout in lead-desk.phone.spec.ts.
 */
import { readFile } from "node:fs/promises";
import { test } from "@playwright/test";
import { LEAD_RETENTION_MONTHS } from "../../src/lib/lead-model";
import { expectNoA11yViolations } from "./helpers/a11y";
import { deskPanelsFold } from "./helpers/desk-panels";
import { API, expect, items, search, submitQuote, uniqueName, unlock } from "./helpers/lead-desk";
import { openQuoteForm, sendQuoteForm } from "./helpers/quote-form";

test.describe.configure({ timeout: 120_000 });

test.describe("lead desk", () => {
  test("find by search, set Contacted, add a note, reload and see both, export, delete", async ({
    page,
    request,
  }) => {
    const lastName = uniqueName();
    const id = await submitQuote(request, lastName, true);
    const name = `Kirsty ${lastName}`;

    await page.goto("/contact-admin");
    await unlock(page);
    // The desk is loaded: its panels (folded on a phone) are there.
    await expect(deskPanelsFold(page)).toBeVisible();
    await search(page, lastName);
    await expect(items(page)).toHaveCount(1);
    await expect(page.getByText("1 matching")).toBeVisible();
    await expect(items(page)).toContainText("New lead");
    await expectNoA11yViolations(page, "lead desk list, searched");

    await page.getByRole("button", { name: `View Details for ${name}` }).click();
    await expect(page.getByRole("heading", { name, level: 2 })).toBeFocused();
    const status = page.getByRole("combobox", { name: "Status" });
    await status.selectOption({ label: "Contacted" });
    await expect(page.getByText("Status set to Contacted")).toBeVisible();
    await page.getByLabel("New note (only you see it)").fill("Called, visiting Tue 10am");
    await page.getByRole("button", { name: "Add Note" }).click();
    await expect(page.getByText("Note added")).toBeVisible();
    await expect(page.getByText("Called, visiting Tue 10am")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Notes (1)" })).toBeVisible();
    await expectNoA11yViolations(page, "lead detail with a note");
    const attachmentUrl = await page
      .getByRole("link", { name: "gable.png", exact: true })
      .getAttribute("href");

    // The search lives in the URL: a reload shows the same view, with the saved status and note.
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(lastName);
    await expect(items(page)).toHaveCount(1);
    await expect(items(page).getByRole("combobox", { name: `Status of ${name}` })).toHaveValue("contacted");
    await expect(items(page)).not.toContainText("New lead");
    await page.getByRole("button", { name: `View Details for ${name}` }).click();
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("contacted");
    await expect(page.getByText("Called, visiting Tue 10am")).toBeVisible();
    await page.getByRole("button", { name: "Back to List" }).click();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV of the matching submissions" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path());
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.toString("utf8").slice(1).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,contacted,Kirsty,${lastName},kirsty@example.co.uk,`);
    expect(lines[1]).toContain("Called, visiting Tue 10am");

    await page.getByRole("button", { name: `View Details for ${name}` }).click();
    await page.getByRole("button", { name: "Delete Lead" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this lead?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expect(dialog).toContainText("stay for HMRC until 6 years after the tax year they belong to");
    await expectNoA11yViolations(page, "delete confirmation");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No submissions match")).toBeVisible();
    await expect(page.getByText("Total submissions: 0")).toBeVisible();
    expect((await page.request.get(`${API}/${id}`)).status()).toBe(404);
    expect((await page.request.get(attachmentUrl!)).status()).toBe(404);
    await expectNoA11yViolations(page, "lead desk, no match");
  });

  test("the lead an e-mail links to opens first and alone; the list and its panels come after it", async ({
    page,
    request,
  }) => {
    const lastName = uniqueName();
    const id = await submitQuote(request, lastName);
    const name = `Kirsty ${lastName}`;
    // Every call to the desk's API, in the order the page made it, and when the lead's answer came.
    const calls: string[] = [];
    page.on("request", (call) => {
      const path = new URL(call.url()).pathname;
      if (path.startsWith("/api/admin/") && !/\/(login|session)$/.test(path)) calls.push(path);
    });
    let callsBeforeLead: string[] | null = null;
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === `${API}/${id}` && callsBeforeLead === null)
        callsBeforeLead = [...calls];
    });

    await page.goto(`/contact-admin?id=${id}`);
    await unlock(page);
    await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
    // Beside it only the desk's notice that e-mail cannot be sent, which every screen shows.
    expect(callsBeforeLead!.filter((path) => path !== "/api/admin/notifications")).toEqual([`${API}/${id}`]);
    // Then the list, the chart's figures and the follow-ups, for "Back to List".
    await expect.poll(() => calls).toEqual(expect.arrayContaining([API, "/api/admin/follow-ups"]));
    await page.getByRole("button", { name: "Back to List" }).click();
    await expect(deskPanelsFold(page)).toBeVisible();
    await expect(page.getByRole("button", { name: `View Details for ${name}` })).toBeVisible();
  });

  test("a change made on another device first: 412, the lead is reloaded and the screen says so", async ({
    page,
    request,
  }) => {
    const lastName = uniqueName();
    const id = await submitQuote(request, lastName);
    await page.goto(`/contact-admin?q=${lastName}`);
    await unlock(page);
    await page.getByRole("button", { name: `View Details for Kirsty ${lastName}` }).click();
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("new");

    // The other device: same session cookie, its own change.
    const other = await page.request.patch(`${API}/${id}`, {
      data: { status: "quoted", note: "Quote posted from the van" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(other.status()).toBe(200);

    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Lost" });
    await expect(page.getByRole("alert")).toContainText("changed on another device");
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("quoted");
    await expect(page.getByText("Quote posted from the van")).toBeVisible();
    await expectNoA11yViolations(page, "lead detail after 412");
  });

  test("quick status change from the list; new leads counted in the header and the title", async ({
    page,
    request,
  }) => {
    const lastName = uniqueName();
    await submitQuote(request, lastName);
    await page.goto(`/contact-admin?q=${lastName}&status=new`);
    await unlock(page);
    await expect(page.getByRole("combobox", { name: "Status", exact: true })).toHaveValue("new");
    const header = page.getByText(/^New leads: \d+$/);
    await expect(header).toBeVisible();
    const count = Number((await header.textContent())!.replace(/\D/g, ""));
    expect(count).toBeGreaterThanOrEqual(1);
    await expect(page).toHaveTitle(new RegExp(`^\\(${count} new\\) Contact Admin`));

    await items(page)
      .getByRole("combobox", { name: `Status of Kirsty ${lastName}` })
      .selectOption("won");
    await expect(page.getByText(`Kirsty ${lastName}: status set to Won`)).toBeAttached();
    await page.reload();
    await expect(page.getByText("No submissions match")).toBeVisible();
    await page.getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "Won" });
    await expect(page).toHaveURL(/status=won/);
    await expect(items(page)).toHaveCount(1);
    await expect(items(page).getByRole("combobox", { name: `Status of Kirsty ${lastName}` })).toHaveValue(
      "won",
    );
  });

  // A real inbox of 51+ leads would take long to seed; the list calls are answered in the browser.
  test("pages of 50: 'Show 50 More' follows the Link header of the list", async ({ page }) => {
    const fake = (index: number) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
      createdAt: new Date(Date.UTC(2026, 0, 1) - index * 60_000).toISOString(),
      firstName: "Paged",
      lastName: `Customer${index}`,
      email: "paged@example.co.uk",
      phone: "07700 900999",
      serviceRequired: "other",
      message: "Paging test.",
      attachments: [],
      status: "new",
      notes: [],
    });
    await page.route(
      (url) => url.pathname === API,
      (route) => {
        const second = new URL(route.request().url()).searchParams.get("cursor") === "page-2";
        return route.fulfill({
          json: second ? [50, 51, 52].map(fake) : Array.from({ length: 50 }, (_, i) => fake(i)),
          headers: second
            ? { "X-Total-Count": "53" }
            : { "X-Total-Count": "53", Link: `<${API}?limit=50&cursor=page-2>; rel="next"` },
        });
      },
    );
    await page.goto("/contact-admin");
    await unlock(page);
    await expect(items(page)).toHaveCount(50);
    await expect(page.getByText("Total submissions: 53")).toBeVisible();
    await expect(page.getByText("Newest first, showing 50")).toBeVisible();
    await page.getByRole("button", { name: "Show 50 More" }).click();
    await expect(items(page)).toHaveCount(53);
    await expect(page.getByRole("button", { name: "Show 50 More" })).toHaveCount(0);
    await expect(items(page).last()).toContainText("Customer52");
  });
});

test("a quote records where the visit started; the privacy policy states the retention period", async ({
  page,
  browserName,
}) => {
  expect(browserName).toBe("chromium");
  await page.goto("/services/roof-repairs?utm_source=flyer&utm_medium=print&utm_campaign=spring", {
    referer: "https://www.google.co.uk/",
  });
  await page.goto("/privacy-policy");
  await expect(page.getByText(`within ${LEAD_RETENTION_MONTHS} months`)).toBeVisible();
  await openQuoteForm(page);
  const lastName = uniqueName();
  await sendQuoteForm(page, {
    firstName: "Visitor",
    lastName,
    email: "visitor@example.co.uk",
    phone: "07700 900321",
    service: "Roof Repairs",
    message: "Found you through the flyer; ridge tiles are loose.",
  });
  await expect(page.getByText("Quote Request Sent!")).toBeVisible();

  await page.goto(`/contact-admin?q=${lastName}`);
  await unlock(page);
  await page.getByRole("button", { name: `View Details for Visitor ${lastName}` }).click();
  const source = page.getByRole("heading", { name: "Source" }).locator("xpath=following-sibling::dl[1]");
  await expect(source).toContainText("Landing page/services/roof-repairs");
  await expect(source).toContainText("Referring sitewww.google.co.uk");
  await expect(source).toContainText("utm_sourceflyer");
  await expect(source).toContainText("utm_mediumprint");
  await expect(source).toContainText("utm_campaignspring");
});
