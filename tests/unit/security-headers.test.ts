import { describe, expect, it } from "vitest";
import { CONTENT_EDITOR_POLICY } from "../../integrations/content-editor";
import {
  CONTENT_EDITOR_HEADERS,
  CONTENT_EDITOR_OPENER_POLICY,
  PAGE_OPENER_POLICY,
  PRIVATE_LINK_HEADERS,
  allowsAnyInline,
  effectiveSources,
  headersFile,
  mergePolicies,
  metaPolicy,
  pagePath,
  parsePolicy,
  unionPolicies,
} from "../../integrations/security-headers";

describe("metaPolicy", () => {
  it("reads Astro's CSP meta and unescapes quotes", () => {
    const html = `<head><meta http-equiv="content-security-policy" content="script-src &#39;self&#39; &#39;sha256-a&#39;"></head>`;
    expect(metaPolicy(html)).toBe("script-src 'self' 'sha256-a'");
  });
  it("is undefined without one", () => expect(metaPolicy("<head></head>")).toBeUndefined());
});

describe("mergePolicies", () => {
  it("unions the sources of each directive and adds frame-ancestors", () => {
    const merged = parsePolicy(
      mergePolicies([
        "default-src 'self'; script-src 'self' 'sha256-a'; style-src 'self'",
        "default-src 'self';script-src 'self' 'sha256-b'; style-src-attr 'unsafe-inline'",
      ]),
    );
    expect(Object.fromEntries(merged)).toEqual({
      "default-src": ["'self'"],
      "script-src": ["'self'", "'sha256-a'", "'sha256-b'"],
      "style-src": ["'self'"],
      "style-src-attr": ["'unsafe-inline'"],
      "frame-ancestors": ["'none'"],
    });
  });
});

describe("headersFile", () => {
  const file = headersFile("default-src 'self'; frame-ancestors 'none'", []);
  it("applies one rule to every path", () => expect(file.split("\n")[0]).toBe("/*"));
  it.each([
    ["Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'"],
    ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ])("sets %s", (name, value) => expect(file).toContain(`  ${name}: ${value}\n`));
  it("denies camera, microphone and geolocation", () => {
    expect(file).toMatch(/Permissions-Policy: .*camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  });
  it("lets the site's own pages, and no frame, make and use passkeys (docs/staff.md)", () => {
    expect(file).toMatch(
      /Permissions-Policy: .*publickey-credentials-create=\(self\), publickey-credentials-get=\(self\)/,
    );
  });
});

describe("the content editor's own policy", () => {
  const site =
    "default-src 'self'; script-src 'self' 'sha256-a'; style-src 'self' 'sha256-b'; style-src-attr 'unsafe-inline'; connect-src 'self'; base-uri 'self'; frame-ancestors 'none'";
  const file = headersFile(site, [], CONTENT_EDITOR_HEADERS);
  const rules = Object.fromEntries(
    file
      .trim()
      .split(/\n(?=\/)/)
      .map((block) => {
        const [path, ...lines] = block.split("\n");
        return [
          path,
          Object.fromEntries(
            lines.map((line) =>
              line
                .trim()
                .split(/: (.*)/s)
                .slice(0, 2),
            ),
          ),
        ];
      }),
  ) as Record<string, Record<string, string>>;
  const sitePolicy = parsePolicy(rules["/*"]!["Content-Security-Policy"]!);

  it("has a rule of its own, for /admin/, that no search engine may index", () => {
    expect(Object.keys(rules)).toEqual(["/*", "/admin/*"]);
    expect(rules["/admin/*"]).toEqual({
      "Content-Security-Policy": CONTENT_EDITOR_POLICY,
      "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
      "X-Robots-Tag": "noindex, nofollow",
    });
    expect(CONTENT_EDITOR_POLICY).toContain("frame-ancestors 'none'");
    expect(parsePolicy(CONTENT_EDITOR_POLICY).get("script-src")).toEqual(["'self'"]);
  });

  // Netlify may send both policies on /admin/ and the browser enforces both: the site-wide one
  // must allow all that either allows, so the editor's (and each page's <meta>) decides.
  it.each([
    ["the pages' policy", site],
    ["the editor's policy", CONTENT_EDITOR_POLICY],
  ])("the site-wide policy allows everything %s allows", (_label, policy) => {
    const narrow = parsePolicy(policy);
    for (const directive of new Set([...narrow.keys(), ...sitePolicy.keys()])) {
      const allowed = effectiveSources(narrow, directive);
      const wide = effectiveSources(sitePolicy, directive);
      if (wide === undefined) continue;
      expect(allowed, directive).toBeDefined();
      for (const source of allowed!) {
        if (source === "'none'" || (source === "'unsafe-inline'" && !allowsAnyInline(allowed!))) continue;
        // A hash adds nothing where any inline code is allowed.
        if (/^'sha256-/.test(source) && allowsAnyInline(wide)) continue;
        expect(wide, `${directive} ${source}`).toContain(source);
      }
      if (allowsAnyInline(allowed!)) expect(allowsAnyInline(wide), directive).toBe(true);
    }
  });

  it("drops hashes where one side allows any inline style, or they would switch 'unsafe-inline' off", () => {
    expect(
      parsePolicy(unionPolicies("style-src 'self' 'sha256-b'", "style-src 'self' 'unsafe-inline'")).get(
        "style-src",
      ),
    ).toEqual(["'self'", "'unsafe-inline'"]);
    expect(
      parsePolicy(unionPolicies("script-src 'sha256-a'", "script-src 'self'")).get("script-src"),
    ).toEqual(["'sha256-a'", "'self'"]);
    // A side that does not restrict a directive leaves it unrestricted.
    expect(parsePolicy(unionPolicies("base-uri 'self'", "script-src 'self'")).has("base-uri")).toBe(false);
  });
});

describe("Cross-Origin-Opener-Policy: exactly one per path", () => {
  const pages = [
    "/",
    "/index.html",
    "/about",
    "/about.html",
    "/contact-admin",
    "/services/roof-repairs",
    "/404",
  ];
  const file = headersFile("default-src 'self'", pages, CONTENT_EDITOR_HEADERS);
  /** Every value of `header` that a rule matching `path` sends (Netlify's path rules: `*` is any rest). */
  const sent = (path: string, header: string) =>
    file
      .trim()
      .split(/\n(?=\/)/)
      .map((block) => block.split("\n"))
      .filter(([rule]) => {
        const pattern = rule!.replace(/\/\*$/, "(/.*)?").replace(/\/$/, "");
        return new RegExp(`^${pattern}/?$`, "i").test(path);
      })
      .flatMap(([, ...lines]) => lines.filter((line) => line.trim().startsWith(`${header}:`)))
      .map((line) => line.split(": ")[1]);

  it("the content editor gets same-origin-allow-popups alone, so its GitHub sign-in popup can report back", () => {
    expect(CONTENT_EDITOR_OPENER_POLICY).toBe("same-origin-allow-popups");
    for (const path of ["/admin/", "/admin", "/admin/index.html"]) {
      expect(sent(path, "Cross-Origin-Opener-Policy"), path).toEqual(["same-origin-allow-popups"]);
    }
  });

  it.each(pages)("%s gets same-origin, once", (path) => {
    expect(PAGE_OPENER_POLICY).toBe("same-origin");
    expect(sent(path, "Cross-Origin-Opener-Policy")).toEqual(["same-origin"]);
  });

  it("refuses a page under a path with an opener policy of its own", () => {
    expect(() => headersFile("default-src 'self'", ["/admin/help"], CONTENT_EDITOR_HEADERS)).toThrow(
      /\/admin\/help is under \/admin\/\*/,
    );
  });

  it("serves each built file at its page path", () => {
    expect(["index.html", "about.html", "services/lead-work.html", "areas/index.html"].map(pagePath)).toEqual(
      ["/", "/about", "/services/lead-work", "/areas"],
    );
  });
});

describe("a customer's secret link pages (/quote/{token}, /visit/{token})", () => {
  const file =
    headersFile("default-src 'self'; script-src 'self' 'sha256-a' 'sha256-q'; frame-ancestors 'none'", [
      "/",
      "/index.html",
      "/quote",
      "/quote.html",
      "/visit",
      "/visit.html",
    ]) + PRIVATE_LINK_HEADERS;
  const rule = (path: string) => {
    const lines = file.split("\n");
    const start = lines.indexOf(path);
    if (start === -1) return null;
    const end = lines.findIndex((line, index) => index > start && !line.startsWith("  "));
    return lines.slice(start + 1, end === -1 ? undefined : end).join("\n");
  };
  it.each(["/quote/*", "/visit/*"])(
    "%s sends no referrer, is never indexed, keeps the pages' opener policy",
    (path) => {
      const headers = rule(path)!;
      expect(headers).toContain("  Referrer-Policy: no-referrer");
      expect(headers).toContain("  X-Robots-Tag: noindex, nofollow");
      expect(headers).toContain(`  Cross-Origin-Opener-Policy: ${PAGE_OPENER_POLICY}`);
    },
  );
  it.each(["/quote", "/quote.html", "/visit", "/visit.html"])(
    "%s has no page rule of its own (the link's rule covers it: one opener policy)",
    (path) => {
      expect(rule(path)).toBeNull();
    },
  );
  it("the pages' scripts are allowed by the site-wide policy", () => {
    expect(rule("/*")).toMatch(/script-src [^;]*'sha256-q'/);
  });
});
