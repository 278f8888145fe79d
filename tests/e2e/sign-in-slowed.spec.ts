import { expect, test } from "@playwright/test";

/**
 * Both admin sign-in screens show the site-wide slowdown of sign-in (docs/security.md, "Abuse
 * limits"). Crossing the real ceiling would slow every other test's sign-in for an hour, so the
 * session answer that carries the flag (checked against the real function in
 * tests/functions/abuse-limits.test.ts) is given to the page here.
 */
const SLOWED = "Sign-in is slowed down after many failed attempts.";

for (const path of ["/contact-admin", "/gallery-admin"]) {
  test(`${path}: the sign-in screen says when sign-in is slowed down, and not otherwise`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole("button", { name: "Access Admin" })).toBeVisible();
    await expect(page.getByText(SLOWED)).toHaveCount(0);

    await page.route("**/api/admin/session", (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ error: "Authentication required", signInSlowed: true }),
      }),
    );
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: SLOWED })).toBeVisible();
  });
}
