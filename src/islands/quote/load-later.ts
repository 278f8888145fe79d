/**
 * What the quote form needs only once a visitor starts on it: the rules and their messages, what
 * the form does (choose files, send, take in the answer), the list of chosen files and the two
 * answers (the Thank You panel, the notice after a quota refusal). They load at the first focus
 * in the form (or with a saved draft), not with the page, so /contact's JavaScript stays within
 * its budget for the visitors who only read it (docs/islands.md). The browser keeps each module
 * once loaded: calling a loader again costs nothing.
 */
export const loadRules = () => import("../../lib/quote/rules");
export const loadActions = () => import("./quote-form-actions");
export const loadThankYouPanel = () => import("./ThankYouPanel");
export const loadChosenFiles = () => import("./ChosenFiles");
export const loadQuotaRefusedNotice = () => import("./QuotaRefusedNotice");

export type Rules = Awaited<ReturnType<typeof loadRules>>;
export type Actions = Awaited<ReturnType<typeof loadActions>>;

/** Loads the components that only an acting visitor sees. */
export const loadLaterComponents = () =>
  Promise.all([loadThankYouPanel(), loadChosenFiles(), loadQuotaRefusedNotice()]);
