/**
 * Which e-mail domains the quote form accepts (SPEC.md §5 with DESIGN.md §8).
 * Data, not logic: edit the lists to change the rule. Browser-safe.
 */

/** The common UK providers DESIGN.md §8 names in place of SPEC.md's elided list. */
export const RECOGNISED_EMAIL_PROVIDERS = [
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "yahoo.co.uk",
  "hotmail.com",
  "hotmail.co.uk",
  "outlook.com",
  "live.com",
  "icloud.com",
  "btinternet.com",
  "sky.com",
  "aol.com",
] as const;

/** SPEC.md §5: a domain that contains one of these anywhere is accepted. */
export const RECOGNISED_DOMAIN_FRAGMENTS = [".co.uk", ".com", ".org", ".net"] as const;

/** DESIGN.md §8: any domain ending in one of these is accepted (.uk covers .org.uk, .gov.uk, …). */
export const RECOGNISED_DOMAIN_ENDINGS = [".uk", ".scot"] as const;

export function isRecognisedEmailDomain(domain: string): boolean {
  const host = domain.trim().toLowerCase();
  return (
    (RECOGNISED_EMAIL_PROVIDERS as readonly string[]).includes(host) ||
    RECOGNISED_DOMAIN_FRAGMENTS.some((fragment) => host.includes(fragment)) ||
    RECOGNISED_DOMAIN_ENDINGS.some((ending) => host.endsWith(ending))
  );
}
