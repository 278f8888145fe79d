/**
 * Which e-mail domains the quote form accepts (docs/spec.md, Validation).
 * Data, not logic: edit the lists to change the rule. Browser-safe. The twelve common UK providers
 * need no list of their own: each ends in `.com` or `.co.uk`, which the fragments below accept.
 */

/** A domain that contains one of these anywhere is accepted. */
export const RECOGNISED_DOMAIN_FRAGMENTS = [".co.uk", ".com", ".org", ".net"] as const;

/** Any domain ending in one of these is accepted (.uk covers .org.uk, .gov.uk, …). */
export const RECOGNISED_DOMAIN_ENDINGS = [".uk", ".scot"] as const;

export function isRecognisedEmailDomain(domain: string): boolean {
  const host = domain.trim().toLowerCase();
  return (
    RECOGNISED_DOMAIN_FRAGMENTS.some((fragment) => host.includes(fragment)) ||
    RECOGNISED_DOMAIN_ENDINGS.some((ending) => host.endsWith(ending))
  );
}
