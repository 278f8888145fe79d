/**
 * The small page behind the review e-mails' unsubscribe link: a confirmation button on GET, the
 * outcome after POST. Self-contained HTML (one inline style allowed by its hash, no script), not
 * indexed, and sent with no referrer, since its URL carries the lead's token.
 */
import { createHash } from "node:crypto";
import { secureHeaders } from "../http/responses.ts";
import type { LinkState } from "./review-opt-out.ts";

const STYLE = `
body{margin:0;padding:0 1rem;font-family:"Segoe UI",system-ui,-apple-system,Roboto,Arial,sans-serif;background:#f1f5fa;color:#1e293b}
main{max-width:36rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #dde7f2;border-radius:12px}
h1{color:#163350;font-size:1.5rem;line-height:1.3;margin:0 0 1rem}
p{font-size:1.0625rem;line-height:1.6;margin:0 0 1rem}
button{min-height:44px;padding:.625rem 1.25rem;border:0;border-radius:8px;background:#163350;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #b8470f;outline-offset:2px}
a{color:#1f4466;font-weight:600}
`.trim();

const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

/** Nothing may load or run; the form may only post back here. */
export const UNSUBSCRIBE_PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Copy {
  title: string;
  body: string;
  button: boolean;
  status: number;
}

function copyFor(state: LinkState): Copy {
  switch (state) {
    case "valid":
      return {
        title: "Stop review e-mails",
        body: "We asked you for a review of the work we did for you. Press the button and we will send you no more e-mails about reviews for that job.",
        button: true,
        status: 200,
      };
    case "stopped":
      return {
        title: "Review e-mails stopped",
        body: "Done: we will send you no more e-mails about reviews for that job. Thank you for letting us know.",
        button: false,
        status: 200,
      };
    case "already":
      return {
        title: "Review e-mails already stopped",
        body: "You have already stopped our review e-mails for that job: we will not send you any more.",
        button: false,
        status: 200,
      };
    case "invalid":
      return {
        title: "This link does not work",
        body: "The link may have been copied only in part. Please use the link in our e-mail again, or reply to that e-mail and we will stop review e-mails for you.",
        button: false,
        status: 404,
      };
  }
}

export function unsubscribePage(state: LinkState, businessName: string): Response {
  const copy = copyFor(state);
  const name = escapeHtml(businessName);
  const html = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${copy.title} – ${name}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${copy.title}</h1>
<p>${copy.body}</p>
${
  copy.button
    ? `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><p><button type="submit">Stop review e-mails</button></p></form>`
    : ""
}
<p><a href="/">Back to ${name}</a></p>
</main>
</body>
</html>`;
  return new Response(html, {
    status: copy.status,
    headers: secureHeaders({
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": UNSUBSCRIBE_PAGE_CSP,
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    }),
  });
}
