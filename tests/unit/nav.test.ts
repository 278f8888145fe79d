import { describe, expect, it } from "vitest";
import { NAV_LINKS, isActivePath } from "../../src/lib/nav";

describe("isActivePath", () => {
  it.each([
    ["/", "/", true],
    ["/about", "/", false],
    ["/services/roof-repairs", "/", false],
    ["/services", "/services", true],
    ["/services/", "/services", true],
    ["/services/roof-repairs", "/services", true],
    ["/servicesxyz", "/services", false],
    ["/gallery-admin", "/gallery", false],
    ["/contact-admin", "/contact", false],
    ["/faq", "/faq", true],
    ["/about", "/faq", false],
    ["/index.html", "/", true],
    ["/about.html", "/about", true],
    ["/about.html", "/", false],
    ["/services/roof-repairs.html", "/services", true],
  ])("%s with link %s → %s", (pathname, href, expected) => {
    expect(isActivePath(pathname, href)).toBe(expected);
  });

  it("marks exactly one link active on every main route", () => {
    for (const { href } of NAV_LINKS) {
      expect(NAV_LINKS.filter((link) => isActivePath(href, link.href))).toHaveLength(1);
    }
  });
});
