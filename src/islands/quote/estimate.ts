/**
 * The price guide answers a quote request carries (field `estimate`, JSON): /contact's guide box
 * (src/scripts/contact-guide.ts) leaves them on itself in this attribute when the visitor came from
 * the guide and has not removed it. Only the answers, never a price: the server works the range out.
 */
export const GUIDE_ESTIMATE_ATTRIBUTE = "data-guide-estimate";

export const readGuideEstimate = (): string | undefined =>
  document.querySelector(`[${GUIDE_ESTIMATE_ATTRIBUTE}]`)?.getAttribute(GUIDE_ESTIMATE_ATTRIBUTE) ??
  undefined;
