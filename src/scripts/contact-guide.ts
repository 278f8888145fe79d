/**
 * The price guide above the quote form on /contact, for a visitor who came from /price-guide
 * ("Get a firm quote" sends the answers in the address). Loaded only then, so /contact carries no
 * more JavaScript for everyone else. Works the range out again with the guide's one calculation from
 * /price-guide/data.json, shows it in place of the box's link to the guide (the box keeps its
 * height, so nothing below it moves), and leaves the answers on the box for the quote form to send
 * (src/islands/quote/estimate.ts). "Remove" takes the guide off the request.
 */
import { ANSWER_KEYS, answersFromParams, answersToParams } from "../lib/price-guide/answers";
import { computeBand, type PricingData } from "../lib/price-guide/band";
import { formatReviewed, rangeText } from "../lib/price-guide/format";
import { GUIDE_ESTIMATE_ATTRIBUTE } from "../islands/quote/estimate";

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

async function showContactGuide(box: HTMLElement): Promise<void> {
  const intro = box.querySelector<HTMLElement>("[data-guide-intro]");
  const summary = box.querySelector<HTMLElement>("[data-guide-summary]");
  if (!intro || !summary) return;
  const answers = answersFromParams(new URLSearchParams(window.location.search));
  const response = await fetch("/price-guide/data.json");
  if (!response.ok) return;
  const result = computeBand((await response.json()) as PricingData, answers, { lenient: true });
  if (!result.ok) return;
  const band = result.band;

  const heading = element("h3", "text-lg font-bold text-brand-800", "Your price guide");
  const range = element("p", "mt-1 text-2xl font-bold text-slate-900", rangeText(band));
  const vat = element(
    "span",
    "block text-sm font-semibold text-accent-700 sm:ml-2 sm:inline",
    "VAT included",
  );
  range.append(vat);
  const what = element("p", "mt-1 text-sm text-slate-800", `${band.label} · ${band.details}`);
  const note = element(
    "p",
    "mt-1 text-sm text-slate-700",
    `A guide, not a quote: the firm price comes once we have seen the job or your photos. Guide reviewed ${formatReviewed(band.reviewed)}.`,
  );
  const actions = element("p", "mt-1 flex flex-wrap gap-x-4 text-sm font-semibold");
  const change = element("a", "inline-block py-1 text-accent-700 underline", "Change answers");
  change.setAttribute("href", `/price-guide?${answersToParams(band.answers)}`);
  const remove = element("button", "inline-block py-1 text-slate-700 underline", "Remove");
  remove.append(element("span", "sr-only", " the guide from my request"));
  remove.type = "button";
  remove.addEventListener("click", () => {
    summary.hidden = true;
    summary.replaceChildren();
    intro.hidden = false;
    box.removeAttribute(GUIDE_ESTIMATE_ATTRIBUTE);
    const url = new URL(window.location.href);
    for (const key of ANSWER_KEYS) url.searchParams.delete(key);
    history.replaceState(null, "", url);
    intro.querySelector("a")?.focus();
  });
  actions.append(change, remove);
  summary.replaceChildren(heading, range, what, note, actions);

  // Only the answers: the server works the range out again from the same content.
  box.setAttribute(GUIDE_ESTIMATE_ATTRIBUTE, JSON.stringify(band.answers));
  intro.hidden = true;
  summary.hidden = false;
}

const box = document.querySelector<HTMLElement>("[data-guide-box]");
if (box) void showContactGuide(box);
