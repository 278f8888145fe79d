/**
 * The desk's search (docs/database.md, "Search"): every word of the query must appear in the lead's
 * name, e-mail, phone (as typed, or its digits), reference or the first 1,000 characters of its
 * message, whatever the case. Each lead's row keeps that text lower-cased in `search_text`, written
 * here with the row; a trigram index over it answers `LIKE '%word%'` without reading every lead.
 */

/** The part of the message the search looks in. */
export const SEARCHED_MESSAGE_LENGTH = 1000;

/** What a lead is found by (a quote record has these fields). */
interface Searchable {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  reference?: string;
  message: string;
}

/** The lower-case text a lead is found by. */
export function searchTextOf(record: Searchable): string {
  return [
    `${record.firstName} ${record.lastName}`,
    record.email,
    record.phone,
    record.phone.replace(/\D/g, ""),
    record.reference ?? "",
    Array.from(record.message).slice(0, SEARCHED_MESSAGE_LENGTH).join(""),
  ]
    .join("\n")
    .toLowerCase();
}

/** The words of a search, lower-cased; a phone number is looked for by its digits. */
export function searchTerms(q: string): string[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((term) =>
      /^\+?[\d()-]+$/.test(term) && /\d{3}/.test(term.replace(/\D/g, "")) ? term.replace(/\D/g, "") : term,
    );
}

/** A LIKE pattern that finds `term` anywhere, with LIKE's own wildcards taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
