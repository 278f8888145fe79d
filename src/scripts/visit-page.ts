/**
 * The /visit/{token} page's behaviour (src/pages/visit.astro), plain DOM: reads the link's state
 * from /api/visits/{token}, lists the free start times grouped by day (radio buttons, UK time),
 * checks the address with the same rules as the server (src/lib/visits/rules.ts), books, and shows
 * the booking with Move and Cancel until 2 hours before it.
 */
import { formatVisitDay, formatVisitTime, formatVisitWhen } from "../lib/visits/london-time";
import { checkBooking, type VisitBooking, type VisitPageState } from "../lib/visits/rules";

type Fields = "start" | "addressLine1" | "town" | "postcode" | "accessNotes";

export function startVisitPage(root: HTMLElement): void {
  const q = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  const token = location.pathname.split("/").filter(Boolean)[1] ?? "";
  const api = `/api/visits/${encodeURIComponent(token)}`;
  const loading = q("[data-loading]");
  const failed = q("[data-failed]");
  const announce = q("[data-announce]");
  const booked = q("[data-booked]");
  const cancelled = q("[data-cancelled]");
  const form = q<HTMLFormElement>("[data-book-form]");
  const slotsBox = q("[data-slots]");
  const submit = q<HTMLButtonElement>("[data-submit]");
  const moveBack = q<HTMLButtonElement>("[data-move-back]");
  const formAlert = q("[data-form-alert]");
  let state: VisitPageState | null = null;
  let moving = false;

  const say = (text: string) => {
    announce.replaceChildren();
    const p = document.createElement("p");
    p.className = "rounded-lg border border-green-300 bg-green-50 p-3 font-semibold text-green-900";
    p.textContent = text;
    announce.append(p);
  };

  const fail = (text: string) => {
    loading.hidden = true;
    form.hidden = true;
    booked.hidden = true;
    q("[data-failed-text]").textContent = text;
    failed.hidden = false;
  };

  const input = (name: Exclude<Fields, "start">) =>
    form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement;

  function showErrors(errors: Partial<Record<Fields, string[]>>) {
    for (const field of ["start", "addressLine1", "town", "postcode", "accessNotes"] as const) {
      const message = errors[field]?.[0] ?? "";
      q(`[data-error="${field}"]`).textContent = message;
      if (field !== "start") input(field).setAttribute("aria-invalid", String(Boolean(message)));
    }
    const first = (["start", "addressLine1", "town", "postcode", "accessNotes"] as const).find(
      (f) => errors[f],
    );
    if (first === "start") slotsBox.querySelector<HTMLInputElement>("input")?.focus();
    else if (first) input(first).focus();
  }

  function renderSlots(slots: VisitPageState["slots"], chosen?: string) {
    slotsBox.replaceChildren();
    q("[data-no-slots]").hidden = slots.length > 0;
    const days = new Map<string, VisitPageState["slots"]>();
    for (const slot of slots) {
      const day = formatVisitDay(Date.parse(slot.start));
      days.set(day, [...(days.get(day) ?? []), slot]);
    }
    for (const [day, daySlots] of days) {
      const group = document.createElement("div");
      group.setAttribute("role", "group");
      const heading = document.createElement("h3");
      heading.className = "font-semibold text-slate-900";
      heading.id = `day-${group.childElementCount}-${day.replace(/\W+/g, "-")}`;
      heading.textContent = day;
      group.setAttribute("aria-labelledby", heading.id);
      const list = document.createElement("div");
      list.className = "mt-2 flex flex-wrap gap-2";
      for (const slot of daySlots) {
        const label = document.createElement("label");
        label.className =
          "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border-2 border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 has-checked:border-brand-800 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700";
        const radio = document.createElement("input");
        radio.type = "radio";
        radio.name = "start";
        radio.value = slot.start;
        radio.className = "size-4 accent-brand-800";
        radio.setAttribute("aria-describedby", "start-error");
        if (slot.start === chosen) radio.checked = true;
        label.append(radio, formatVisitTime(Date.parse(slot.start)));
        list.append(label);
      }
      group.append(heading, list);
      slotsBox.append(group);
    }
  }

  function renderBooking(booking: VisitBooking) {
    q("[data-booked-when]").textContent = formatVisitWhen(Date.parse(booking.start), Date.parse(booking.end));
    q("[data-booked-address]").textContent = `${booking.addressLine1}, ${booking.town} ${booking.postcode}`;
    q("[data-booked-notes]").textContent = booking.accessNotes ? `Access: ${booking.accessNotes}` : "";
    const notice = q("[data-booked-notice]");
    notice.hidden = !booking.notice;
    notice.textContent = booking.notice ?? "";
    q("[data-booked-actions]").hidden = !booking.changeable;
    q("[data-booked-rule]").textContent = booking.changeable
      ? "You can move or cancel the visit here until 2 hours before it."
      : "The visit is less than 2 hours away, so it can no longer be changed here. Please call us.";
  }

  function render(next: VisitPageState) {
    state = next;
    loading.hidden = true;
    failed.hidden = true;
    q("[data-cancel-confirm]").hidden = true;
    const booking = next.booking;
    booked.hidden = !booking;
    cancelled.hidden = next.status !== "cancelled";
    if (booking) renderBooking(booking);
    form.hidden = Boolean(booking) && !moving;
    moveBack.hidden = !moving;
    submit.textContent = moving ? "Move to this time" : "Book this visit";
    q("[data-slots-legend]").textContent = moving ? "Choose a new time" : "Choose a time";
    renderSlots(next.slots);
    // The address given with the quote request fills the form once; the customer may change it.
    if (!booking && next.address && !input("addressLine1").value && !input("postcode").value) {
      input("addressLine1").value = next.address.addressLine1;
      input("town").value = next.address.town;
      input("postcode").value = next.address.postcode;
    }
    if (booking && moving) {
      input("addressLine1").value = booking.addressLine1;
      input("town").value = booking.town;
      input("postcode").value = booking.postcode;
      input("accessNotes").value = booking.accessNotes ?? "";
    }
  }

  async function load() {
    try {
      const response = await fetch(api, { cache: "no-store", referrerPolicy: "no-referrer" });
      if (response.status === 404) return fail("This visit link is not valid.");
      if (!response.ok) return fail(await errorText(response));
      render((await response.json()) as VisitPageState);
    } catch {
      fail("We could not load your visit. Please check your connection and try again.");
    }
  }

  async function errorText(response: Response): Promise<string> {
    try {
      const body = (await response.json()) as { error?: string };
      if (body.error) return body.error;
    } catch {
      // Not JSON.
    }
    return `Something went wrong (${response.status}). Please try again.`;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void (async () => {
      formAlert.hidden = true;
      const data = new FormData(form);
      const body = {
        start: data.get("start") ?? "",
        addressLine1: data.get("addressLine1") ?? "",
        town: data.get("town") ?? "",
        postcode: data.get("postcode") ?? "",
        accessNotes: data.get("accessNotes") ?? "",
      };
      const checked = checkBooking(body);
      if ("fieldErrors" in checked) return showErrors(checked.fieldErrors);
      showErrors({});
      submit.disabled = true;
      try {
        const response = await fetch(api, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
          referrerPolicy: "no-referrer",
        });
        if (response.status === 400) {
          const answer = (await response.json()) as { fieldErrors?: Partial<Record<Fields, string[]>> };
          return showErrors(answer.fieldErrors ?? {});
        }
        if (!response.ok) {
          formAlert.textContent = await errorText(response);
          formAlert.hidden = false;
          // The times have changed (someone else took this one): show them as they are now.
          if (response.status === 409) {
            const fresh = await fetch(api, { cache: "no-store" });
            if (fresh.ok) renderSlots(((await fresh.json()) as VisitPageState).slots);
          }
          formAlert.focus();
          return;
        }
        const wasMoving = moving;
        moving = false;
        await load();
        say(
          wasMoving
            ? "Your visit has moved. We have e-mailed you the new time."
            : "Your visit is booked. We have e-mailed you the details.",
        );
        q("#booked-heading").focus();
      } catch {
        formAlert.textContent = "We could not reach the server. Please check your connection and try again.";
        formAlert.hidden = false;
      } finally {
        submit.disabled = false;
      }
    })();
  });

  q("[data-move]").addEventListener("click", () => {
    moving = true;
    if (state) render(state);
    q<HTMLElement>("[data-slots-legend]").scrollIntoView({ block: "start" });
    slotsBox.querySelector<HTMLInputElement>("input")?.focus();
  });
  moveBack.addEventListener("click", () => {
    moving = false;
    if (state) render(state);
    q<HTMLButtonElement>("[data-move]").focus();
  });
  q("[data-cancel]").addEventListener("click", () => {
    q("[data-cancel-confirm]").hidden = false;
    q<HTMLButtonElement>("[data-cancel-yes]").focus();
  });
  q("[data-cancel-no]").addEventListener("click", () => {
    q("[data-cancel-confirm]").hidden = true;
    q<HTMLButtonElement>("[data-cancel]").focus();
  });
  q("[data-cancel-yes]").addEventListener("click", () => {
    void (async () => {
      const response = await fetch(api, { method: "DELETE", referrerPolicy: "no-referrer" });
      if (!response.ok) {
        formAlert.textContent = await errorText(response);
        return fail(formAlert.textContent);
      }
      moving = false;
      render((await response.json()) as VisitPageState);
      say("Your visit is cancelled. We have e-mailed you to confirm.");
      q("[data-heading]").focus();
    })();
  });

  formAlert.tabIndex = -1;
  void load();
}
