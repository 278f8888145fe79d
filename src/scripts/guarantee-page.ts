/**
 * The /guarantee page's check (src/pages/guarantee.astro), plain DOM: GET /api/guarantees/check with
 * the certificate's number and the property's postcode, then the answer in the page's live region:
 * valid until when (or when it ended), the work and the completion date; a refusal (404, 429) in
 * the server's own words. A `?number=` in the address fills the number in.
 */
import { guaranteeNumberOf } from "../lib/payments/guarantee-number";
import { formatIsoDay } from "../lib/proposals/uk-time";

interface GuaranteeCheck {
  valid: boolean;
  validUntil: string;
  work: string;
  completedOn: string;
}

const NETWORK_MESSAGE = "We could not reach our server. Please check your connection and try again.";
const FIELDS = {
  number: "Enter the certificate number, for example G-7KX2-MD4P",
  postcode: "Enter the postcode of the property",
} as const;

function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function startGuaranteeCheck(form: HTMLFormElement, result: HTMLElement): void {
  const field = (name: keyof typeof FIELDS) => form.elements.namedItem(name) as HTMLInputElement;
  const button = form.querySelector<HTMLButtonElement>("button[type='submit']")!;
  const linked = new URLSearchParams(location.search).get("number");
  if (linked) field("number").value = linked.slice(0, 20);

  /** Marks a field wrong (or right again) with its message under it. */
  const mark = (name: keyof typeof FIELDS, message: string | null) => {
    const input = field(name);
    const error = form.querySelector<HTMLElement>(`#guarantee-${name}-error`)!;
    error.textContent = message ?? "";
    error.hidden = !message;
    if (message) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    const described = [name === "number" ? "guarantee-number-hint" : "", message ? error.id : ""].filter(
      Boolean,
    );
    if (described.length) input.setAttribute("aria-describedby", described.join(" "));
    else input.removeAttribute("aria-describedby");
  };

  const show = (node: HTMLElement) => {
    result.replaceChildren(node);
  };

  /** The answer replaces "Checking…" and is brought into view: on a phone it is below the form. */
  const reveal = (node: HTMLElement) => {
    show(node);
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    node.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
  };

  const refusal = (message: string) =>
    reveal(
      element("p", "rounded-lg border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900", message),
    );

  function answer(check: GuaranteeCheck, number: string) {
    const box = element(
      "div",
      `space-y-2 rounded-xl border-2 p-4 sm:p-6 ${check.valid ? "border-green-700 bg-green-50" : "border-amber-600 bg-amber-50"}`,
    );
    box.append(
      element("h2", "text-xl font-bold text-slate-900", `Guarantee ${number}`),
      element(
        "p",
        `text-lg font-bold ${check.valid ? "text-green-900" : "text-amber-950"}`,
        check.valid
          ? `Valid until ${formatIsoDay(check.validUntil)}`
          : `This guarantee ended on ${formatIsoDay(check.validUntil)}`,
      ),
    );
    const details = element("dl", "space-y-2 text-slate-900");
    for (const [term, value] of [
      ["Work", check.work],
      ["Completed on", formatIsoDay(check.completedOn)],
    ] as const)
      details.append(element("dt", "font-semibold", term), element("dd", "", value));
    box.append(details);
    reveal(box);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    // As printed (G-7KX2-MD4P) however it was typed; the server reads it the same way.
    const typed = field("number").value.trim();
    const number = guaranteeNumberOf(typed) ?? typed.toUpperCase();
    const postcode = field("postcode").value.trim();
    mark("number", number ? null : FIELDS.number);
    mark("postcode", postcode ? null : FIELDS.postcode);
    if (!number || !postcode) {
      result.replaceChildren();
      field(number ? "postcode" : "number").focus();
      return;
    }
    button.disabled = true;
    form.setAttribute("aria-busy", "true");
    show(element("p", "text-slate-700", "Checking…"));
    const query = new URLSearchParams({ number, postcode });
    void fetch(`/api/guarantees/check?${query.toString()}`, { cache: "no-store" })
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as
          (GuaranteeCheck & { error?: unknown }) | null;
        if (response.ok && body) answer(body, number);
        else
          refusal(
            typeof body?.error === "string"
              ? body.error
              : `${response.status}: Something went wrong. Please try again, or call us.`,
          );
      })
      .catch(() => refusal(NETWORK_MESSAGE))
      .finally(() => {
        button.disabled = false;
        form.removeAttribute("aria-busy");
      });
  });
  // The check answers from here on (it starts after the first paint): tests wait for this.
  form.dataset.ready = "true";
}
