/** Builders for the site's external links (WhatsApp chat, phone, e-mail). Browser-safe. */

/** wa.me chat link for an international number (digits only), with optional prefilled text. */
export function whatsappLink(number: string, text?: string): string {
  const digits = number.replace(/\D/g, "");
  const url = `https://wa.me/${digits}`;
  return text ? `${url}?text=${encodeURIComponent(text)}` : url;
}

/** tel: link; spaces and punctuation are dropped, a leading + is kept. */
export function telLink(phone: string): string {
  const trimmed = phone.trim();
  const plus = trimmed.startsWith("+") ? "+" : "";
  return `tel:${plus}${trimmed.replace(/\D/g, "")}`;
}

/** sms: link to the same number, for a text message from the phone's own app. */
export function smsLink(phone: string): string {
  return telLink(phone).replace(/^tel:/, "sms:");
}

/**
 * mailto: link with optional subject and body, encoded per RFC 6068. Characters of the address that
 * would start a query, a fragment, an escape or a second recipient are percent-encoded, so the link
 * can only ever address that one mailbox (addresses stored before the form refused them included).
 */
export function mailtoLink(email: string, fields: { subject?: string; body?: string } = {}): string {
  const address = email.replace(
    /[%?&#,;\s"<>\\^`{|}]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
  const query = Object.entries(fields)
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");
  return query ? `mailto:${address}?${query}` : `mailto:${address}`;
}
