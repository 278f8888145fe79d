/**
 * Which e-mail domains the quote form accepts (SPEC.md §5 with DESIGN.md §8).
 * Data, not logic: edit the lists to change the rule. Browser-safe. DESIGN.md §8's twelve providers
 * need no list of their own: each ends in `.com` or `.co.uk`, which the fragments below accept.
 */

/** SPEC.md §5: a domain that contains one of these anywhere is accepted. */
export const RECOGNISED_DOMAIN_FRAGMENTS = [".co.uk", ".com", ".org", ".net"] as const;

/** DESIGN.md §8: any domain ending in one of these is accepted (.uk covers .org.uk, .gov.uk, …). */
export const RECOGNISED_DOMAIN_ENDINGS = [".uk", ".scot"] as const;

export function isRecognisedEmailDomain(domain: string): boolean {
  const host = domain.trim().toLowerCase();
  return (
    RECOGNISED_DOMAIN_FRAGMENTS.some((fragment) => host.includes(fragment)) ||
    RECOGNISED_DOMAIN_ENDINGS.some((ending) => host.endsWith(ending))
  );
}
