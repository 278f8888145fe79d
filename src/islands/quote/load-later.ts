/**
 * What the quote form needs only once a visitor starts on it: the rules and their messages, the
 * list of chosen files, the send with its uploads, and its answers (the Thank You panel, the
 * notice after a quota refusal). They load at the
 * first focus in the form (or with a saved draft), not with the page, so /contact's JavaScript
 * stays within its budget for the visitors who only read it (docs/islands.md). The browser keeps
 * each module once loaded: calling a loader again costs nothing.
 */
export const loadRules = () => import("../../lib/quote/rules");
export const loadSend = () => import("./submit-quote");
export const loadThankYouPanel = () => import("./ThankYouPanel");
export const loadChosenFiles = () => import("./ChosenFiles");
export const loadQuotaRefusedNotice = () => import("./QuotaRefusedNotice");

export type Rules = Awaited<ReturnType<typeof loadRules>>;
export type Send = Awaited<ReturnType<typeof loadSend>>;

/** Loads all but the rules (which the form keeps in its state once loaded). */
export const loadTheRest = () =>
  Promise.all([loadSend(), loadThankYouPanel(), loadChosenFiles(), loadQuotaRefusedNotice()]);
