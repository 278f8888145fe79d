/** Renders a React Email template to the HTML and plain-text bodies of one message. Server-only. */
import type { ReactElement } from "react";

/** Plain text as a person would write it: phone and e-mail links without their URLs, headings as typed. */
const TEXT_OPTIONS = {
  selectors: [
    { selector: 'a[href^="tel:"]', format: "anchor", options: { ignoreHref: true } },
    { selector: 'a[href^="mailto:"]', format: "anchor", options: { ignoreHref: true } },
    { selector: "h1", format: "heading", options: { uppercase: false } },
    { selector: "h2", format: "heading", options: { uppercase: false } },
  ],
};

export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const { render } = await import("@react-email/render");
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS }),
  ]);
  return { html, text };
}
