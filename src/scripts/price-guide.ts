/**
 * The /price-guide page's behaviour (src/pages/price-guide.astro), plain DOM: shows the questions
 * the chosen job asks, works the range out with the one calculation (src/lib/price-guide/band.ts)
 * on every change, announces it through the page's live region, keeps the answers in the address
 * (so reload, back and a shared link keep them), and sends "Get a firm quote" to /contact with the
 * service chosen and the answers carried along.
 *
 * Without this script the form still goes to /contact by GET with the answers.
 */
import { answersFromParams, answersToParams, type GuideAnswers } from "../lib/price-guide/answers";
import { computeBand, questionsFor, type BandResult, type PricingData } from "../lib/price-guide/band";
import { formatPounds, rangeText } from "../lib/price-guide/format";

const PROMPTS: Record<string, string> = {
  job: "Choose what needs doing",
  property: "Now choose your type of property",
  storeys: "Now choose how many storeys",
  access: "Now choose how easy it is to reach",
  finish: "Now choose the last answer",
};

/** The range for the live region: the dash is read as "to"; "from" prices say photos are needed. */
function renderRange(target: HTMLElement, result: BandResult): void {
  target.replaceChildren();
  if (!result.ok) return;
  const { low, high } = result.band;
  const amount = document.createElement("span");
  amount.className = "block text-3xl font-bold tracking-tight sm:text-4xl";
  if (high === null) {
    amount.textContent = `From ${formatPounds(low)}`;
  } else {
    const dash = document.createElement("span");
    dash.setAttribute("aria-hidden", "true");
    dash.textContent = " – ";
    const to = document.createElement("span");
    to.className = "sr-only";
    to.textContent = " to ";
    amount.append(formatPounds(low), dash, to, formatPounds(high));
  }
  const vat = document.createElement("span");
  vat.className = "mt-1 block font-semibold text-accent-100";
  vat.textContent = high === null ? "VAT included · photos needed for a price" : "VAT included";
  target.append(amount, vat);
}

const rangeKey = (result: BandResult) => (result.ok ? `${result.band.low}-${result.band.high}` : "");

export function startPriceGuide(form: HTMLFormElement, data: PricingData): void {
  const q = <T extends Element>(selector: string) => form.querySelector<T>(selector);
  const all = <T extends Element>(selector: string) => [...form.querySelectorAll<T>(selector)];
  const live = q<HTMLElement>("[data-range-live]");
  const placeholder = q<HTMLElement>("[data-range-placeholder]");
  const prompt = q<HTMLElement>("[data-range-prompt]");
  const summary = q<HTMLElement>("[data-range-summary]");
  const time = q<HTMLElement>("[data-time]");
  const service = q<HTMLInputElement>("input[name='service']");
  const bar = document.querySelector<HTMLElement>("[data-range-bar]");
  const barText = bar?.querySelector<HTMLElement>("[data-range-bar-text]");
  const panel = q<HTMLElement>("[data-guide-result]");
  let storeysChosen = false;
  let shown = "";

  const checked = (name: string) =>
    all<HTMLInputElement>(`input[type='radio'][name='${name}']`).find(
      (input) => input.checked && !input.disabled,
    );
  const check = (name: string, value: string) => {
    const input = all<HTMLInputElement>(`input[type='radio'][name='${name}']`).find(
      (candidate) => candidate.value === value && !candidate.disabled,
    );
    if (input) input.checked = true;
    return Boolean(input);
  };
  /** Hidden questions are disabled too: the form never sends them and arrow keys skip them. */
  const show = (fieldset: HTMLFieldSetElement, visible: boolean) => {
    fieldset.hidden = !visible;
    fieldset.disabled = !visible;
  };

  function answers(): GuideAnswers {
    const result: GuideAnswers = {};
    for (const name of ["job", "property", "storeys", "access", "finish"] as const) {
      const value = checked(name)?.value;
      if (value) result[name] = value;
    }
    return result;
  }

  function update(): void {
    const jobId = checked("job")?.value;
    const job = data.jobs.find((candidate) => candidate.id === jobId);
    const asked = job ? questionsFor(job) : ["job", "property", "storeys", "access"];
    for (const fieldset of all<HTMLFieldSetElement>("fieldset[data-question]")) {
      show(fieldset, asked.includes(fieldset.dataset.question ?? ""));
    }
    for (const fieldset of all<HTMLFieldSetElement>("fieldset[data-finish-for]")) {
      show(fieldset, fieldset.dataset.finishFor === jobId);
    }
    if (job?.finish && !checked("finish")) check("finish", job.finish.choices[0]!.id);
    for (const block of document.querySelectorAll<HTMLElement>("[data-job-details]")) {
      block.hidden = block.dataset.jobDetails !== (jobId ?? "");
    }

    const current = answers();
    const result = computeBand(data, current, { lenient: true });
    const missing = job ? questionsFor(job).find((key) => !current[key]) : "job";
    // The live region changes, and so speaks, only when the range itself changes.
    const key = rangeKey(result);
    if (live && key !== shown) {
      shown = key;
      renderRange(live, result);
    }
    if (placeholder) placeholder.hidden = result.ok;
    if (prompt) {
      prompt.hidden = result.ok;
      prompt.textContent = PROMPTS[missing ?? "job"] ?? PROMPTS.job!;
    }
    if (summary) summary.textContent = result.ok ? `${result.band.label} · ${result.band.details}` : "";
    if (time) time.textContent = result.ok ? result.band.timeOnSite : "–";
    if (service) service.value = job?.quoteService ?? "";
    if (bar && barText) {
      barText.textContent = result.ok ? rangeText(result.band) : "";
      bar.dataset.ready = result.ok ? "true" : "false";
    }

    const url = new URL(window.location.href);
    for (const key of ["job", "property", "storeys", "access", "finish"]) url.searchParams.delete(key);
    const params = answersToParams(result.ok ? result.band.answers : current);
    for (const [key, value] of params) url.searchParams.set(key, value);
    history.replaceState(null, "", url);
  }

  form.addEventListener("change", (event) => {
    const target = event.target as HTMLInputElement;
    if (target.name === "storeys") storeysChosen = true;
    if (target.name === "job") {
      // A new job starts from its own first finish.
      for (const input of all<HTMLInputElement>("input[name='finish']")) input.checked = false;
    }
    if (target.name === "property" && !storeysChosen) {
      const usual = data.propertyTypes[target.value as keyof PricingData["propertyTypes"]]?.usualStoreys;
      if (usual) check("storeys", usual);
    }
    update();
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const result = computeBand(data, answers(), { lenient: true });
    const params = new URLSearchParams();
    if (service?.value) params.set("service", service.value);
    if (result.ok) for (const [key, value] of answersToParams(result.band.answers)) params.set(key, value);
    window.location.assign(`/contact${params.size ? `?${params}` : ""}#quote-form`);
  });

  // Answers in the address: a service page's link names the job; a reload keeps every answer.
  const start = answersFromParams(new URLSearchParams(window.location.search));
  if (start.job) check("job", start.job);
  update();
  for (const name of ["property", "storeys", "access", "finish"] as const) {
    const value = start[name];
    if (value && check(name, value) && name === "storeys") storeysChosen = true;
  }
  if (start.property && !start.storeys) {
    const usual = data.propertyTypes[start.property as keyof PricingData["propertyTypes"]]?.usualStoreys;
    if (usual) check("storeys", usual);
  }
  update();

  // On a phone the range also shows in a bar at the foot of the screen while the result is out of view.
  if (bar && panel && "IntersectionObserver" in window) {
    new IntersectionObserver(([entry]) => {
      bar.dataset.away = entry && !entry.isIntersecting ? "true" : "false";
    }).observe(panel);
  }
  // The guide answers from here on (it starts after the first paint): tests wait for this.
  form.dataset.ready = "true";
}
