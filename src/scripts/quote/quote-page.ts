/**
 * The customer's page of a written quote, /quote/{token} (src/pages/quote.astro, docs/proposals.md,
 * "The page"): reads the token from the address, GETs /api/proposals/{token} and draws the quote
 * with render-quote.ts; sends the accept, decline and cancel answers and draws what comes back. The
 * server's messages are shown as it returns them: field errors under their fields, the rest in an
 * alert above the form that was sent.
 *
 * Shipped to the browser: no Node APIs, astro:* or React.
 */
import {
  el,
  renderQuote,
  type FieldErrors,
  type PageView,
  type QuotePayment,
  type RenderOptions,
} from "./render-quote";

/** The quote as the customer's endpoints answer it: once accepted, with how to pay (docs/payments.md). */
type CustomerQuote = PageView & {
  payment?: QuotePayment | null;
  /**
   * Until accepted, the address known from the visit or the quote request, to fill the form (a part
   * not given is ""); once accepted, the property the quote is for. Named at the top when whole.
   */
  propertyAddress?: { line1: string; town: string; postcode: string } | null;
};

/** The token's shape (netlify/lib/proposals/proposal-token.ts): anything else is not asked for. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const NETWORK_MESSAGE = "We could not reach our server. Please check your connection and try again.";

interface Refusal {
  status: number;
  message: string;
  fieldErrors?: FieldErrors;
}

async function refusalOf(response: Response): Promise<Refusal> {
  const body = (await response.json().catch(() => null)) as {
    error?: unknown;
    fieldErrors?: FieldErrors;
  } | null;
  const fieldErrors = body?.fieldErrors;
  const fieldMessages = fieldErrors ? Object.values(fieldErrors).flat().filter(Boolean) : [];
  const message = fieldMessages.length
    ? fieldMessages.join(" ")
    : typeof body?.error === "string"
      ? body.error
      : `${response.status}: ${response.statusText || "Something went wrong. Please try again."}`;
  return { status: response.status, message, fieldErrors };
}

/** What the customer typed, kept when the quote is drawn again after a refusal. */
function typedValues(root: HTMLElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  const read = (selector: string) => root.querySelector<HTMLInputElement | HTMLTextAreaElement>(selector);
  for (const name of ["name", "line1", "town", "postcode", "reason"]) {
    const field = read(`form [name='${name}']:not([id$='cancel-name'])`);
    if (field) values[name] = field.value;
  }
  const cancelName = read("[id$='cancel-name']");
  if (cancelName) values.cancelName = cancelName.value;
  for (const name of ["agree", "startEarly"]) {
    const box = read(`input[name='${name}']`) as HTMLInputElement | null;
    if (box) values[name] = box.checked;
  }
  return values;
}

const chosenNow = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLInputElement>("input[data-option]")]
    .filter((box) => box.checked)
    .map((box) => Number(box.dataset.option));

export function startQuotePage(root: HTMLElement): void {
  const token = decodeURIComponent(location.pathname.split("/")[2] ?? "");
  const base = `/api/proposals/${token}`;
  const contact = root
    .querySelector<HTMLElement>("[data-quote-contact]")
    ?.cloneNode(true) as HTMLElement | null;

  const problem = (title: string, text: string) => {
    root.replaceChildren(
      el(
        "div",
        { class: "space-y-3" },
        el("h1", { class: "text-2xl font-bold text-brand-900", tabindex: "-1" }, title),
        el("p", { class: "text-slate-800" }, text),
        contact,
      ),
    );
    root.setAttribute("aria-busy", "false");
  };

  // Back from Stripe's page: the payment is confirmed by Stripe's own call, which may come later.
  const paidByCard = new URLSearchParams(location.search).get("paid") === "card";

  const draw = (view: CustomerQuote, extra: Partial<RenderOptions> = {}) => {
    // The address known already fills the acceptance's fields; what the customer typed wins.
    const known = view.propertyAddress;
    const values: Record<string, string> = known
      ? { line1: known.line1, town: known.town, postcode: known.postcode }
      : {};
    root.replaceChildren(
      renderQuote(view, {
        handlers: { accept, decline, cancel, payByCard },
        pdfUrl: `${base}/pdf`,
        askPropertyAddress: true,
        payment: view.payment ?? null,
        paidByCard,
        ...extra,
        values: { ...values, ...extra.values },
      }),
    );
    root.setAttribute("aria-busy", "false");
  };

  let current: CustomerQuote | null = null;

  /** Sends an answer; redraws with the server's view, or with its refusal above the form. */
  async function answer(form: "accept" | "decline" | "cancel", body: object): Promise<void> {
    const values = typedValues(root);
    const chosen = chosenNow(root);
    root.querySelectorAll<HTMLFieldSetElement>("fieldset").forEach((set) => (set.disabled = true));
    root.setAttribute("aria-busy", "true");
    let refusal: Refusal;
    try {
      const response = await fetch(`${base}/${form}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.ok) {
        current = (await response.json()) as CustomerQuote;
        draw(current);
        window.scrollTo({ top: 0 });
        root.querySelector<HTMLElement>("[id$='status-heading']")?.setAttribute("tabindex", "-1");
        root.querySelector<HTMLElement>("[id$='status-heading']")?.focus();
        return;
      }
      refusal = await refusalOf(response);
    } catch {
      refusal = { status: 0, message: NETWORK_MESSAGE };
    }
    if (!current) return;
    draw(current, {
      error: { form, message: refusal.message, fieldErrors: refusal.fieldErrors },
      values,
      chosen,
    });
    const invalid = root.querySelector<HTMLElement>("[aria-invalid='true']");
    (invalid ?? root.querySelector<HTMLElement>("[role='alert']"))?.focus();
  }

  function accept(body: Parameters<NonNullable<RenderOptions["handlers"]>["accept"]>[0]) {
    void answer("accept", body);
  }
  function decline(reason: string) {
    void answer("decline", reason.trim() ? { reason } : {});
  }
  function cancel(name: string) {
    void answer("cancel", { name });
  }

  /** Asks for a Stripe Checkout page of what is due now and goes there; answers the refusal otherwise. */
  async function payByCard(): Promise<string> {
    try {
      const response = await fetch(`${base}/checkout`, { method: "POST" });
      if (response.ok) {
        const { url } = (await response.json()) as { url?: unknown };
        if (typeof url === "string" && url.startsWith("https://")) {
          location.assign(url);
          return new Promise<string>(() => undefined);
        }
      }
      return (await refusalOf(response)).message;
    } catch {
      return NETWORK_MESSAGE;
    }
  }

  if (!TOKEN.test(token)) {
    problem(
      "This link is not complete",
      "Please open the link in our e-mail again, or copy all of it into the address bar.",
    );
    return;
  }
  void (async () => {
    try {
      const response = await fetch(base, { cache: "no-store" });
      if (response.ok) {
        current = (await response.json()) as CustomerQuote;
        draw(current);
        return;
      }
      if (response.status === 404) {
        problem(
          "We could not find this quote",
          "Please check the link in our e-mail. If it still does not open, contact us and we will send it again.",
        );
        return;
      }
      const refusal = await refusalOf(response);
      problem("Your quote could not be shown", refusal.message);
    } catch {
      problem("Your quote could not be shown", NETWORK_MESSAGE);
    }
  })();
}
