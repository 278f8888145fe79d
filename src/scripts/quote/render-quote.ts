/**
 * The written quote as its customer reads it (docs/proposals.md, "The page"), in plain DOM: the
 * customer's page /quote/{token} (src/scripts/quote/quote-page.ts) and the desk's preview both
 * render a QuoteView through `renderQuote`, so the owner previews exactly what the customer sees.
 * Optional lines are checkboxes whose totals are worked out by the one money module, the same the
 * server uses when it records the acceptance. The answer forms (accept, decline, cancel) call the
 * handlers they are given; without handlers (the preview) they are shown disabled.
 *
 * Shipped to the browser: no Node APIs, astro:* or React.
 */
import { formatPounds, vatBands } from "../../lib/proposals/money";
import { payableOf, REVERSE_CHARGE_TEXT } from "../../lib/proposals/reverse-charge";
import {
  balanceWords,
  bankWords,
  cancelWords,
  depositWords,
  extrasOf,
  figuresOf,
  payableWords,
  propertyWords,
  totalWithExtras,
  tradeCancellationText,
} from "../../lib/proposals/quote-words";
import {
  ACCEPT_TEXTS,
  formatQuantity,
  guaranteeText,
  MAX_DECLINE_REASON,
  paragraphsOf,
  type QuoteView,
} from "../../lib/proposals/quote-document";
import type { PostalAddress } from "../../lib/payments/payment-documents";
import { formatIsoDay, formatUkDate, formatUkDateTime } from "../../lib/proposals/uk-time";

type Child = Node | string | null | undefined | false;

/**
 * The quote as the customer's endpoints answer it: the view, and the property's address where one
 * is known (GET /api/proposals/{token}); the desk's preview has none.
 */
export type PageView = QuoteView & { propertyAddress?: Partial<PostalAddress> | null };

/** A DOM element with attributes (`class` for the class list) and children; false/null skipped. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

const date = (iso: string) => formatUkDate(Date.parse(iso));

/** A form's text field as typed ("" when absent). */
function formText(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === "string" ? value : "";
}

/** Field errors as the server returns them: `{ "name": ["Type your full name to accept"] }`. */
export type FieldErrors = Record<string, string[] | undefined>;

export interface AnswerHandlers {
  accept(body: {
    name: string;
    agree: boolean;
    startEarly: boolean;
    options: number[];
    propertyAddress?: { line1: string; town: string; postcode: string };
  }): void;
  decline(reason: string): void;
  cancel(name: string): void;
  /** Starts a card payment of what is due now: resolves to the refusal to show (or never, leaving the page). */
  payByCard?: () => Promise<string>;
}

/** `payment` of the customer's quote answers once accepted (docs/payments.md); pence. */
export interface QuotePayment {
  deposit: number;
  paid: number;
  balance: number;
  dueNow: number;
  /** What to write as the bank transfer's reference: the quote's number, then the invoice's. */
  reference: string;
  invoice: { number: string; dueOn: string; total: number } | null;
  bank: { accountName: string; sortCode: string; accountNumber: string } | null;
  /** Card payments are offered (Stripe is set up). */
  card: boolean;
}

export interface RenderOptions {
  /** Omitted in the desk's preview: the forms show, disabled. */
  handlers?: AnswerHandlers;
  /** The PDF's address (the customer's page: /api/proposals/{token}/pdf). */
  pdfUrl?: string;
  /** Ask for the property's address at acceptance (no visit has recorded it). */
  askPropertyAddress?: boolean;
  /** A refusal to show above the form that was sent, and the fields it names. */
  error?: { form: "accept" | "decline" | "cancel"; message: string; fieldErrors?: FieldErrors };
  /** Values typed before a refusal, kept when the quote is drawn again. */
  values?: Record<string, string | boolean>;
  /** Optional lines ticked before a refusal. */
  chosen?: number[];
  /** Prefix of element ids (two renderings on one page stay apart). */
  idPrefix?: string;
  /** How to pay an accepted quote (the customer's page); the status panel then leaves it to the Payment section. */
  payment?: QuotePayment | null;
  /** Back from a card payment (`?paid=card`): it is being confirmed. */
  paidByCard?: boolean;
}

const OPEN = new Set(["sent", "viewed", "draft"]);

const BUTTON =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-800 disabled:cursor-not-allowed disabled:opacity-70";
const BUTTON_PRIMARY = `${BUTTON} bg-accent-700 text-white hover:bg-accent-800`;
const BUTTON_OUTLINE = `${BUTTON} border-2 border-brand-800 bg-white text-brand-800 hover:bg-brand-50`;
const BUTTON_DANGER = `${BUTTON} border-2 border-red-700 bg-white text-red-800 hover:bg-red-50`;
const INPUT =
  "mt-1 block w-full rounded-lg border border-slate-500 bg-white px-3 py-2.5 text-base text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800 aria-[invalid=true]:border-red-700";
const CHECKBOX = "mt-0.5 size-6 shrink-0 accent-brand-800";
const SECTION = "border-t border-slate-200 pt-6";
const H2 = "text-xl font-bold text-brand-800";

function paragraphs(text: string, className = "mt-2 text-slate-800"): HTMLElement[] {
  return paragraphsOf(text).map((p) => el("p", { class: className }, p));
}

/** A labelled text input with its error under it (aria-invalid, aria-describedby). */
function textField(
  id: string,
  name: string,
  label: string,
  options: {
    errors?: string[];
    value?: string;
    autocomplete?: string;
    hint?: string;
    textarea?: boolean;
    maxlength?: number;
  },
): HTMLElement {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [options.hint ? hintId : "", options.errors?.length ? errorId : ""].filter(Boolean);
  const attributes = {
    id,
    name,
    class: INPUT,
    autocomplete: options.autocomplete,
    maxlength: options.maxlength ? String(options.maxlength) : undefined,
    "aria-invalid": options.errors?.length ? "true" : undefined,
    "aria-describedby": described.length ? described.join(" ") : undefined,
  };
  const input = options.textarea
    ? el("textarea", { ...attributes, rows: "3" })
    : el("input", { ...attributes, type: "text" });
  if (options.value) input.value = options.value;
  return el(
    "div",
    {},
    el("label", { for: id, class: "block font-semibold text-slate-900" }, label),
    options.hint && el("p", { id: hintId, class: "text-sm text-slate-700" }, options.hint),
    input,
    options.errors?.length
      ? el("p", { id: errorId, class: "mt-1 font-semibold text-red-800" }, options.errors.join(" "))
      : null,
  );
}

/** A checkbox with its label beside it and its error under it. */
function checkField(
  id: string,
  name: string,
  label: string,
  options: { errors?: string[]; checked?: boolean },
): HTMLElement {
  const errorId = `${id}-error`;
  const box = el("input", {
    type: "checkbox",
    id,
    name,
    class: CHECKBOX,
    "aria-invalid": options.errors?.length ? "true" : undefined,
    "aria-describedby": options.errors?.length ? errorId : undefined,
  });
  box.checked = options.checked === true;
  return el(
    "div",
    {},
    el(
      "div",
      { class: "flex items-start gap-3" },
      box,
      el("label", { for: id, class: "text-slate-900" }, label),
    ),
    options.errors?.length
      ? el("p", { id: errorId, class: "mt-1 font-semibold text-red-800" }, options.errors.join(" "))
      : null,
  );
}

function alertBox(message: string): HTMLElement {
  return el(
    "p",
    { role: "alert", class: "rounded-lg border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900" },
    message,
  );
}

/** The figures that change with the optional lines chosen. */
interface FigureSlots {
  total: HTMLElement;
  /** The same total at the top of an open quote, beside Accept. */
  headline: HTMLElement;
  /** The totals' labels: they say when the extras ticked are in. */
  labels: HTMLElement[];
  vat: HTMLElement;
  net: HTMLElement;
  /** The deposit and the balance in plain words. */
  deposit: HTMLElement;
  balance: HTMLElement;
  live: HTMLElement;
}

function drawFigures(view: QuoteView, chosen: number[], slots: FigureSlots, announce: boolean): void {
  // A trade customer pays the price without VAT and accounts for the VAT (the reverse charge).
  const trade = !!view.tradeCustomer;
  const figures = figuresOf(view, chosen);
  const { totals, payable } = figures;
  slots.total.textContent = formatPounds(payable);
  slots.headline.textContent = formatPounds(payable);
  for (const label of slots.labels) label.textContent = totalLabel(view, chosen.length > 0);
  slots.net.textContent = formatPounds(totals.net);
  slots.vat.replaceChildren(
    ...vatBands(view.lines, chosen).map((band) =>
      el(
        "div",
        { class: "flex justify-between gap-4" },
        el(
          "dt",
          {},
          `VAT at ${band.rate}% on ${formatPounds(band.net)}${trade ? ", for you to account for" : ""}`,
        ),
        el("dd", { class: "tabular-nums" }, formatPounds(band.vat)),
      ),
    ),
  );
  slots.deposit.replaceChildren(...strong(depositWords(view, figures), figures.deposit, "data-deposit"));
  slots.balance.replaceChildren(...strong(balanceWords(figures), figures.balance, "data-balance"));
  if (announce)
    slots.live.textContent = `${trade ? "Total to pay, without VAT," : "Total including VAT"} now ${formatPounds(payable)}`;
}

/** A sentence with its first mention of `pence` in bold, marked with `attribute`. */
function strong(sentence: string, pence: number, attribute: string): (string | HTMLElement)[] {
  const amount = formatPounds(pence);
  const at = sentence.indexOf(amount);
  if (at < 0) return [sentence];
  return [
    sentence.slice(0, at),
    el("strong", { class: "tabular-nums", [attribute]: true }, amount),
    sentence.slice(at + amount.length),
  ];
}

/** The optional lines a view's decision chose, or those ticked now. */
function chosenOf(root: HTMLElement): number[] {
  return [...root.querySelectorAll<HTMLInputElement>("input[data-option]")]
    .filter((box) => box.checked)
    .map((box) => Number(box.dataset.option));
}

/** The main total's label: what the customer pays, and whether the extras ticked are in it. */
function totalLabel(view: QuoteView, withChosen: boolean): string {
  const label = view.tradeCustomer ? "Total to pay, no VAT charged (reverse charge)" : "Total including VAT";
  if (!withChosen) return label;
  return `${label}, with the ${view.decision?.kind === "accepted" ? "extras chosen" : "extras you ticked"}`;
}

/**
 * The headline total, what the customer pays (a trade customer: without VAT), the total with every
 * optional extra beside it, and what follows.
 */
function totalBox(view: QuoteView, figure: HTMLElement, labels: HTMLElement[], ...after: Child[]) {
  const label = el("span", { class: "block font-semibold" });
  labels.push(label);
  // Once decided, the total is what was chosen: the total with every extra no longer helps.
  const extras = OPEN.has(view.status) && extrasOf(view).length > 0;
  return el(
    "p",
    { class: "rounded-xl bg-brand-900 p-4 text-white" },
    label,
    el("span", { class: "block text-3xl font-bold tabular-nums sm:text-4xl" }, figure),
    extras &&
      el(
        "span",
        { class: "mt-1 block" },
        "With the optional extras: ",
        el(
          "strong",
          { class: "tabular-nums", "data-with-extras": true },
          formatPounds(totalWithExtras(view)),
        ),
      ),
    ...after,
  );
}

/**
 * The first screen of an open quote on a phone (docs/proposals.md, "The page"): the total as the
 * ticked options make it, until when it can be accepted, a way straight to Accept and the PDF to
 * keep or read first.
 */
function summary(view: QuoteView, slots: FigureSlots, options: RenderOptions, prefix: string) {
  return el(
    "div",
    { class: "mt-4 space-y-3", "data-quote-summary": true },
    totalBox(
      view,
      slots.headline,
      slots.labels,
      el("span", { class: "block text-sm" }, `You can accept it until ${date(view.validUntil)}.`),
    ),
    el(
      "p",
      { class: "flex flex-wrap gap-3" },
      el("a", { href: `#${prefix}accept-heading`, class: BUTTON_PRIMARY }, "Accept"),
      options.pdfUrl &&
        el(
          "a",
          { href: options.pdfUrl, download: `${view.number}.pdf`, class: BUTTON_OUTLINE },
          "Download the PDF",
        ),
    ),
  );
}

function businessBlock(view: QuoteView): HTMLElement {
  const b = view.business;
  return el(
    "header",
    { class: "space-y-1 text-slate-800" },
    el("p", { class: "text-lg font-bold text-brand-900" }, b.name),
    el("p", {}, b.address),
    b.registeredAddress && el("p", {}, `Registered address: ${b.registeredAddress}`),
    el(
      "p",
      {},
      "Phone ",
      el("a", { href: `tel:${b.phone.replace(/\s+/g, "")}`, class: "text-brand-700 underline" }, b.phone),
    ),
    el(
      "p",
      { class: "break-words" },
      "E-mail ",
      el("a", { href: `mailto:${b.email}`, class: "text-brand-700 underline" }, b.email),
    ),
    el("p", {}, `VAT number ${b.vatNumber}`),
  );
}

function lineItem(view: QuoteView, index: number, prefix: string, checked: boolean, locked: boolean) {
  const line = view.lines[index]!;
  const detail = el(
    "p",
    { class: "text-sm text-slate-700" },
    `${formatQuantity(line.quantity)} × ${formatPounds(line.unitPrice)} · VAT ${line.vatRate}%`,
  );
  const price = el(
    "p",
    { class: "font-semibold text-slate-900 tabular-nums sm:text-right" },
    formatPounds(line.net),
    el("span", { class: "sr-only" }, " without VAT"),
  );
  if (!line.optional) {
    return el(
      "li",
      { class: "grid gap-1 py-3 sm:grid-cols-[1fr_auto] sm:gap-4" },
      el("div", {}, el("p", { class: "text-slate-900" }, line.description), detail),
      price,
    );
  }
  const id = `${prefix}option-${index}`;
  const adds = extrasOf(view).find((extra) => extra.index === index)?.adds ?? 0;
  detail.append(
    el(
      "span",
      { class: "block font-semibold text-slate-900" },
      `Adds ${formatPounds(adds)} ${payableWords(view)} to the total`,
    ),
  );
  const box = el("input", {
    type: "checkbox",
    id,
    class: CHECKBOX,
    "data-option": String(index),
    disabled: locked,
    "aria-describedby": `${id}-detail`,
  });
  box.checked = checked;
  detail.id = `${id}-detail`;
  return el(
    "li",
    { class: "grid gap-1 py-3 sm:grid-cols-[1fr_auto] sm:gap-4" },
    el(
      "div",
      { class: "flex items-start gap-3" },
      box,
      el("div", {}, el("label", { for: id, class: "text-slate-900" }, line.description), detail),
    ),
    price,
  );
}

/**
 * "You can cancel until {date}" while the customer can (the invoice on completion ends it): said
 * once on the page, in the decision at the top; the Cancel form below relies on it.
 */
function cancelLine(view: QuoteView, options: RenderOptions): HTMLElement | null {
  const words = cancelWords(view, Date.now(), !!options.payment?.invoice);
  return words
    ? el("p", { class: "mt-2 font-semibold text-slate-900", "data-cancel-until": true }, words)
    : null;
}

/** The decision at the top of a quote that is no longer open, in plain words. */
function statusPanel(view: QuoteView, options: RenderOptions): HTMLElement | null {
  const decision = view.decision;
  const panel = (title: string, ...children: Child[]) =>
    el(
      "section",
      {
        "aria-labelledby": `${options.idPrefix ?? ""}status-heading`,
        class: "rounded-xl border-2 border-brand-800 bg-brand-50 p-4 sm:p-6",
      },
      el("h2", { id: `${options.idPrefix ?? ""}status-heading`, class: `${H2} scroll-mt-28` }, title),
      ...children,
    );
  if (view.status === "accepted" && decision?.kind === "accepted") {
    const deposit = decision.deposit ?? 0;
    const total = payableOf(decision.totals ?? view.totals, !!view.tradeCustomer);
    return panel(
      "You accepted this quote",
      el(
        "p",
        { class: "mt-2 text-slate-900" },
        `Accepted by ${decision.name} on ${formatUkDateTime(Date.parse(decision.at))}, for `,
        el(
          "strong",
          {},
          `${formatPounds(total)} ${view.tradeCustomer ? "without VAT (reverse charge)" : "including VAT"}`,
        ),
        ".",
      ),
      // A trade customer has no cancellation period to start within (docs/proposals.md, "Trade customers").
      !view.tradeCustomer &&
        el(
          "p",
          { class: "mt-2 text-slate-900" },
          decision.startEarly
            ? "You asked us to start within the 14-day cancellation period."
            : "We will start after the 14-day cancellation period.",
        ),
      cancelLine(view, options),
      !options.payment &&
        (deposit > 0
          ? el(
              "p",
              { class: "mt-3 text-lg text-slate-900" },
              "Deposit due now: ",
              el("strong", { class: "tabular-nums" }, formatPounds(deposit)),
            )
          : el("p", { class: "mt-3 text-slate-900" }, "No deposit is due.")),
      !options.payment &&
        el(
          "p",
          { class: "mt-2 text-slate-900" },
          `How to pay: by bank transfer, with ${view.number} as the reference. The balance, ${formatPounds(total - deposit)}, is due as the payment terms below say.`,
        ),
      options.pdfUrl &&
        el(
          "p",
          { class: "mt-4" },
          el(
            "a",
            { href: options.pdfUrl, download: `${view.number}.pdf`, class: BUTTON_OUTLINE },
            "Download PDF",
          ),
        ),
    );
  }
  if (view.status === "cancelled")
    return panel(
      "You cancelled this quote",
      el(
        "p",
        { class: "mt-2 text-slate-900" },
        `Cancelled on ${date(decision?.cancelledAt ?? decision?.at ?? view.issuedAt)}. Nothing more is due under it; any deposit paid is refunded as the cancellation notice below says.`,
      ),
      options.pdfUrl &&
        el("p", { class: "mt-4" }, el("a", { href: options.pdfUrl, class: BUTTON_OUTLINE }, "Download PDF")),
    );
  if (view.status === "declined")
    return panel(
      "You declined this quote",
      el(
        "p",
        { class: "mt-2 text-slate-900" },
        `Declined on ${date(decision?.at ?? view.issuedAt)}. Thank you for letting us know.`,
      ),
      decision?.reason && el("p", { class: "mt-2 text-slate-900" }, `Your reason: ${decision.reason}`),
    );
  if (view.status === "expired")
    return panel(
      "This quote has expired",
      el(
        "p",
        { class: "mt-2 text-slate-900" },
        `It could be accepted until ${date(view.validUntil)}. Please contact us for a new one.`,
      ),
    );
  if (view.status === "withdrawn")
    return panel(
      "This quote has been withdrawn",
      el(
        "p",
        { class: "mt-2 text-slate-900" },
        "It can no longer be accepted. If we have sent you a newer quote, please use the link in our latest e-mail.",
      ),
    );
  if (view.status === "draft")
    return panel(
      "Preview",
      el(
        "p",
        { class: "mt-2 text-slate-900" },
        "This is how the customer will see the quote once it is sent.",
      ),
    );
  return null;
}

/** An accepted quote's Payment: what is due now, the bank details and the reference, a card button, paid and balance. */
function paymentSection(payment: QuotePayment, options: RenderOptions, prefix: string): HTMLElement {
  const row = (term: string, value: string) =>
    el(
      "div",
      { class: "flex flex-wrap justify-between gap-x-4" },
      el("dt", {}, term),
      el("dd", { class: "font-semibold tabular-nums" }, value),
    );
  const section = el(
    "section",
    {
      "aria-labelledby": `${prefix}payment-heading`,
      class: "space-y-4 rounded-xl border-2 border-slate-300 p-4 sm:p-6",
      "data-payment": true,
    },
    el("h2", { id: `${prefix}payment-heading`, class: H2 }, "Payment"),
  );
  if (options.paidByCard)
    section.append(
      el(
        "p",
        { role: "status", class: "rounded-lg border border-green-700 bg-green-50 p-3 text-green-900" },
        "Thank you. Your card payment is being confirmed: it shows here once the card company has confirmed it, usually within a few minutes. We will e-mail you a receipt.",
      ),
    );
  const invoice = payment.invoice;
  if (payment.dueNow > 0) {
    section.append(
      el(
        "p",
        { class: "rounded-xl bg-brand-900 p-4 text-white" },
        el(
          "span",
          { class: "block font-semibold" },
          invoice ? `Invoice ${invoice.number}, due by ${formatIsoDay(invoice.dueOn)}` : "Deposit due now",
        ),
        el(
          "span",
          { class: "block text-3xl font-bold tabular-nums", "data-due-now": true },
          formatPounds(payment.dueNow),
        ),
      ),
    );
    if (payment.bank)
      section.append(
        el(
          "div",
          {},
          el("h3", { class: "font-bold text-slate-900" }, "Pay by bank transfer"),
          el(
            "dl",
            { class: "mt-2 space-y-1 rounded-lg bg-slate-50 p-3 text-slate-900" },
            row("Account name", payment.bank.accountName),
            row("Sort code", payment.bank.sortCode),
            row("Account number", payment.bank.accountNumber),
            row("Reference", payment.reference),
          ),
          el(
            "p",
            { class: "mt-1 text-sm text-slate-700" },
            "Please use the reference, so we can match your payment. We e-mail you a receipt when it arrives.",
          ),
        ),
      );
    const payByCard = options.handlers?.payByCard;
    if (payment.card && payByCard) {
      const label = `Pay ${formatPounds(payment.dueNow)} by card`;
      const button = el("button", { type: "button", class: `${BUTTON_PRIMARY} w-full sm:w-auto` }, label);
      const problem = el("div");
      button.addEventListener("click", () => {
        button.disabled = true;
        button.textContent = "Opening the card payment…";
        problem.replaceChildren();
        void payByCard().then((message) => {
          button.disabled = false;
          button.textContent = label;
          const alert = alertBox(message);
          alert.tabIndex = -1;
          problem.replaceChildren(alert);
          alert.focus();
        });
      });
      section.append(
        el(
          "div",
          {},
          el("h3", { class: "font-bold text-slate-900" }, payment.bank ? "Or pay by card" : "Pay by card"),
          el("p", { class: "mt-3" }, button),
          el(
            "p",
            { class: "mt-1 text-sm text-slate-700" },
            "You pay on Stripe's secure page and come back here. We never see your card details.",
          ),
          problem,
        ),
      );
    }
    if (!payment.bank && !payment.card)
      section.append(el("p", { class: "text-slate-900" }, "Please call us and we will tell you how to pay."));
  } else if (payment.balance > 0) {
    section.append(
      el(
        "p",
        { class: "text-slate-900" },
        "Nothing is due now. We send the invoice for the balance when the work is done.",
      ),
    );
  } else section.append(el("p", { class: "font-semibold text-slate-900" }, "Paid in full. Thank you."));
  section.append(
    el(
      "dl",
      { class: "space-y-1 border-t border-slate-200 pt-3 text-slate-900" },
      row("Paid so far", formatPounds(payment.paid)),
      row("Still to pay on the job", formatPounds(payment.balance)),
    ),
  );
  return section;
}

function acceptForm(view: QuoteView, options: RenderOptions, prefix: string): HTMLElement {
  const error = options.error?.form === "accept" ? options.error : undefined;
  const fe = error?.fieldErrors ?? {};
  const values = options.values ?? {};
  const text = (key: string) => (typeof values[key] === "string" ? values[key] : "");
  const form = el("form", {
    novalidate: true,
    class: "mt-4 space-y-5",
    "aria-labelledby": `${prefix}accept-heading`,
  });
  const fieldset = el("fieldset", { class: "space-y-5", disabled: !options.handlers });
  if (options.askPropertyAddress)
    fieldset.append(
      el(
        "fieldset",
        { class: "space-y-3 rounded-lg border border-slate-300 p-4" },
        el(
          "legend",
          { class: "px-1 font-semibold text-slate-900" },
          "The property's address (where the work is)",
        ),
        textField(`${prefix}line1`, "line1", "Address", {
          errors: fe["propertyAddress.line1"] ?? fe.propertyAddress,
          value: text("line1"),
          autocomplete: "address-line1",
        }),
        textField(`${prefix}town`, "town", "Town", {
          errors: fe["propertyAddress.town"],
          value: text("town"),
          autocomplete: "address-level2",
        }),
        textField(`${prefix}postcode`, "postcode", "Postcode", {
          errors: fe["propertyAddress.postcode"],
          value: text("postcode"),
          autocomplete: "postal-code",
        }),
      ),
    );
  fieldset.append(
    textField(`${prefix}name`, "name", "Your full name", {
      errors: fe.name,
      value: text("name"),
      autocomplete: "name",
    }),
    checkField(`${prefix}agree`, "agree", ACCEPT_TEXTS.agree, {
      errors: fe.agree,
      checked: values.agree === true,
    }),
    // The early start is a consumer's consent within the cancellation period: a trade customer has
    // none, and their acceptance sends `startEarly: false` (the API is the same for both).
    ...(view.tradeCustomer
      ? []
      : [
          el(
            "div",
            { class: "rounded-lg border border-slate-300 bg-slate-50 p-4" },
            el(
              "p",
              { class: "mb-2 text-sm font-semibold text-slate-800" },
              "Only if you want us to start sooner (optional)",
            ),
            checkField(`${prefix}start-early`, "startEarly", ACCEPT_TEXTS.startEarly, {
              errors: fe.startEarly,
              checked: values.startEarly === true,
            }),
          ),
        ]),
    el("button", { type: "submit", class: `${BUTTON_PRIMARY} w-full sm:w-auto` }, ACCEPT_TEXTS.accept),
  );
  form.append(fieldset);
  if (error) form.prepend(alertBox(error.message));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const get = (key: string) => formText(form, key);
    const address = {
      line1: get("line1").trim(),
      town: get("town").trim(),
      postcode: get("postcode").trim(),
    };
    options.handlers?.accept({
      name: get("name"),
      agree: data.has("agree"),
      startEarly: data.has("startEarly"),
      options: chosenOf(form.closest<HTMLElement>("[data-quote]") ?? form),
      propertyAddress:
        options.askPropertyAddress && (address.line1 || address.town || address.postcode)
          ? address
          : undefined,
    });
  });
  return form;
}

function declineForm(options: RenderOptions, prefix: string): HTMLElement {
  const error = options.error?.form === "decline" ? options.error : undefined;
  const form = el("form", {
    novalidate: true,
    class: "mt-4 space-y-4",
    "aria-labelledby": `${prefix}decline-heading`,
  });
  const fieldset = el(
    "fieldset",
    { class: "space-y-4", disabled: !options.handlers },
    textField(`${prefix}reason`, "reason", "Your reason (optional)", {
      errors: error?.fieldErrors?.reason,
      value: typeof options.values?.reason === "string" ? options.values.reason : "",
      textarea: true,
      maxlength: MAX_DECLINE_REASON,
      hint: `At most ${MAX_DECLINE_REASON} characters. It helps us quote better.`,
    }),
    el("button", { type: "submit", class: BUTTON_DANGER }, ACCEPT_TEXTS.decline),
  );
  form.append(fieldset);
  if (error) form.prepend(alertBox(error.message));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    options.handlers?.decline(formText(form, "reason"));
  });
  return form;
}

function cancelSection(view: QuoteView, options: RenderOptions, prefix: string): HTMLElement | null {
  // Invoiced means the work is complete, and with it the right to cancel has ended; a trade
  // customer never had it.
  const words = cancelWords(view, Date.now(), !!options.payment?.invoice);
  if (view.status !== "accepted" || !words) return null;
  const error = options.error?.form === "cancel" ? options.error : undefined;
  const form = el("form", {
    novalidate: true,
    class: "mt-4 space-y-4",
    "aria-labelledby": `${prefix}cancel-heading`,
  });
  form.append(
    el(
      "fieldset",
      { class: "space-y-4", disabled: !options.handlers },
      textField(`${prefix}cancel-name`, "name", "Your full name", {
        errors: error?.fieldErrors?.name,
        value: typeof options.values?.cancelName === "string" ? options.values.cancelName : "",
        autocomplete: "name",
      }),
      el("button", { type: "submit", class: BUTTON_DANGER }, "Cancel this quote"),
    ),
  );
  if (error) form.prepend(alertBox(error.message));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    options.handlers?.cancel(formText(form, "name"));
  });
  return el(
    "section",
    { "aria-labelledby": `${prefix}cancel-heading`, class: SECTION },
    el("h2", { id: `${prefix}cancel-heading`, class: H2 }, "Changed your mind?"),
    el(
      "p",
      { class: "mt-2 text-slate-800" },
      "To cancel, type your full name and press Cancel this quote. You do not need to give a reason.",
    ),
    form,
  );
}

/**
 * The deposit, the balance, the bank details and, before acceptance, how the right to cancel is
 * counted, in plain words (DESIGN §23); once accepted, the decision at the top says until when
 * (`cancelLine`), once. A trade customer reads what applies to them instead of a right to cancel.
 */
function plainWords(view: QuoteView, slots: FigureSlots): HTMLElement {
  const bank = bankWords(view);
  const cancel = OPEN.has(view.status) ? cancelWords(view, Date.now()) : null;
  return el(
    "ul",
    {
      class: "list-disc space-y-1 rounded-lg bg-slate-50 py-3 pr-3 pl-8 text-slate-900",
      "aria-label": cancel || view.tradeCustomer ? "Paying and cancelling" : "Paying",
      "data-plain-words": true,
    },
    slots.deposit,
    slots.balance,
    bank && el("li", { "data-bank": true }, ...unbroken(bank, view.bank!.sortCode)),
    cancel && el("li", { "data-cancel-words": true }, cancel),
    view.tradeCustomer &&
      el("li", {}, "The right to cancel that consumers have does not apply: see Cancelling below."),
  );
}

/** A sentence with `part` kept on one line (a sort code is not broken at its dashes). */
function unbroken(sentence: string, part: string): (string | HTMLElement)[] {
  const at = sentence.indexOf(part);
  if (at < 0) return [sentence];
  return [
    sentence.slice(0, at),
    el("span", { class: "whitespace-nowrap" }, part),
    sentence.slice(at + part.length),
  ];
}

/** A consumer's right to cancel with the model form; a trade customer's terms instead. */
function cancellingSection(view: QuoteView, prefix: string): HTMLElement {
  if (view.tradeCustomer)
    return el(
      "section",
      { "aria-labelledby": `${prefix}cancel-right-heading`, class: SECTION },
      el("h2", { id: `${prefix}cancel-right-heading`, class: H2 }, "Cancelling"),
      ...paragraphs(tradeCancellationText(view)),
    );
  return el(
    "section",
    { "aria-labelledby": `${prefix}cancel-right-heading`, class: SECTION },
    el("h2", { id: `${prefix}cancel-right-heading`, class: H2 }, ACCEPT_TEXTS.rightToCancel),
    ...paragraphs(view.terms.cancellationNotice),
    el(
      "div",
      { class: "mt-4 rounded-lg border border-slate-400 p-4" },
      el("h3", { class: "font-bold text-slate-900" }, ACCEPT_TEXTS.modelForm),
      ...paragraphs(view.terms.cancellationForm),
    ),
  );
}

/** The whole quote, in the order the law and docs/proposals.md set, ready to insert. */
export function renderQuote(view: PageView, options: RenderOptions = {}): HTMLElement {
  const prefix = options.idPrefix ?? "";
  const open = OPEN.has(view.status);
  const decided = view.decision?.kind === "accepted" ? view.decision : null;
  const chosen = decided?.options ?? options.chosen ?? [];
  const root = el("article", {
    class: "space-y-6",
    "data-quote": true,
    "aria-labelledby": `${prefix}quote-heading`,
  });

  const live = el("p", { class: "sr-only", "aria-live": "polite" });
  const slots: FigureSlots = {
    total: el("span", { "data-total": true }),
    headline: el("span", { "data-headline-total": true }),
    labels: [],
    vat: el("dl", { class: "space-y-1" }),
    net: el("span"),
    deposit: el("li", { "data-deposit-words": true }),
    balance: el("li", { "data-balance-words": true }),
    live,
  };

  const item = (index: number) => lineItem(view, index, prefix, chosen.includes(index), !open);
  const lines = el(
    "ul",
    { class: "divide-y divide-slate-200", "aria-label": "The work" },
    ...view.lines.flatMap((line, index) => (line.optional ? [] : [item(index)])),
  );
  const extras = extrasOf(view);
  const property = propertyWords(view.propertyAddress);

  root.append(
    el(
      "div",
      {},
      el(
        "h1",
        { id: `${prefix}quote-heading`, class: "text-2xl font-bold text-brand-900 sm:text-3xl" },
        `Quote for ${view.customer.name}`,
      ),
      el(
        "dl",
        { class: "mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800" },
        el("dt", { class: "font-semibold" }, "Quote number"),
        el("dd", {}, view.number),
        el("dt", { class: "font-semibold" }, "Date"),
        el("dd", {}, date(view.issuedAt)),
        el("dt", { class: "font-semibold" }, "Valid until"),
        el("dd", {}, date(view.validUntil)),
        // The property the work is at, named as the PDF names it, once all of its address is known.
        ...(property
          ? [
              el("dt", { class: "font-semibold" }, "Property"),
              // The postcode is not broken over two lines.
              el(
                "dd",
                { "data-property": true },
                ...unbroken(property, view.propertyAddress!.postcode!.trim()),
              ),
            ]
          : []),
      ),
      open && summary(view, slots, options, prefix),
    ),
  );
  const status = statusPanel(view, options);
  if (status) root.append(status);
  if (view.status === "accepted" && options.payment)
    root.append(paymentSection(options.payment, options, prefix));
  // The letterhead after what the customer came for; the PDF keeps it at the top.
  root.append(el("div", { class: SECTION }, businessBlock(view)));

  root.append(
    el(
      "section",
      { "aria-labelledby": `${prefix}work-heading`, class: SECTION },
      el("h2", { id: `${prefix}work-heading`, class: H2 }, "The work"),
      lines,
    ),
    // The optional extras apart, each with what it adds: never in the work's amounts (DESIGN §23).
    ...(extras.length === 0
      ? []
      : [
          el(
            "section",
            { "aria-labelledby": `${prefix}extras-heading`, class: SECTION, "data-extras": true },
            el("h2", { id: `${prefix}extras-heading`, class: H2 }, "Optional extras"),
            el(
              "p",
              { class: "mt-1 text-slate-700" },
              open
                ? "Not in the total above. Tick an extra to add it: the totals change as you do."
                : "Only the extras ticked were chosen.",
            ),
            el(
              "ul",
              { class: "divide-y divide-slate-200", "aria-label": "Optional extras" },
              ...extras.map((extra) => item(extra.index)),
            ),
            open &&
              el(
                "p",
                { class: "mt-2 font-semibold text-slate-900" },
                `Total with all the extras: ${formatPounds(totalWithExtras(view))} ${payableWords(view)}`,
              ),
          ),
        ]),
    el(
      "section",
      { "aria-labelledby": `${prefix}price-heading`, class: `${SECTION} space-y-3` },
      el("h2", { id: `${prefix}price-heading`, class: H2 }, "The price"),
      totalBox(view, slots.total, slots.labels),
      live,
      view.tradeCustomer &&
        el(
          "p",
          { class: "font-semibold text-slate-900" },
          `${REVERSE_CHARGE_TEXT}. Your VAT number: ${view.tradeCustomer.vatNumber}.`,
        ),
      el(
        "dl",
        { class: "space-y-1 text-slate-800" },
        el(
          "div",
          { class: "flex justify-between gap-4" },
          el("dt", {}, "Price without VAT"),
          el("dd", { class: "tabular-nums" }, slots.net),
        ),
      ),
      slots.vat,
      plainWords(view, slots),
      el("h3", { class: "pt-2 font-bold text-slate-900" }, "Payment"),
      ...paragraphs(view.terms.payment, "text-slate-800"),
    ),
    el(
      "section",
      { "aria-labelledby": `${prefix}start-heading`, class: SECTION },
      el("h2", { id: `${prefix}start-heading`, class: H2 }, "When we can start"),
      el(
        "p",
        { class: "mt-2 text-slate-800" },
        view.startWindow ?? "We will agree a start date with you when you accept.",
      ),
      view.notes && el("h3", { class: "mt-4 font-bold text-slate-900" }, "Notes"),
      ...(view.notes ? paragraphs(view.notes) : []),
    ),
    el(
      "section",
      { "aria-labelledby": `${prefix}guarantee-heading`, class: SECTION },
      el("h2", { id: `${prefix}guarantee-heading`, class: H2 }, "Our guarantee"),
      el("p", { class: "mt-2 font-semibold text-slate-900" }, guaranteeText(view.terms)),
      ...paragraphs(view.terms.guaranteeConditions),
    ),
    el(
      "section",
      { "aria-labelledby": `${prefix}complaints-heading`, class: SECTION },
      el("h2", { id: `${prefix}complaints-heading`, class: H2 }, "How to complain"),
      ...paragraphs(view.terms.complaints),
    ),
    cancellingSection(view, prefix),
  );

  if (open) {
    root.append(
      el(
        "section",
        { "aria-labelledby": `${prefix}accept-heading`, class: SECTION },
        el("h2", { id: `${prefix}accept-heading`, class: `${H2} scroll-mt-28` }, "Accept this quote"),
        el(
          "p",
          { class: "mt-2 text-slate-800" },
          `Accepting makes a contract with us on the terms above.${view.tradeCustomer ? "" : " You can still cancel within 14 days."}`,
        ),
        acceptForm(view, options, prefix),
      ),
      el(
        "section",
        { "aria-labelledby": `${prefix}decline-heading`, class: SECTION },
        el("h2", { id: `${prefix}decline-heading`, class: H2 }, "Decline this quote"),
        declineForm(options, prefix),
      ),
    );
  }
  const cancel = cancelSection(view, options, prefix);
  if (cancel) root.append(cancel);

  drawFigures(view, chosen, slots, false);
  if (open)
    root.addEventListener("change", (event) => {
      if ((event.target as HTMLElement).matches("input[data-option]"))
        drawFigures(view, chosenOf(root), slots, true);
    });
  return root;
}
