/**
 * The ids the site gives its rows (leads, written quotes, visits, blocks, mail jobs): UUIDs in
 * lower case, as `randomUUID()` and PostgreSQL write them. An id of any other shape names nothing,
 * so it is refused before a query that PostgreSQL would refuse as not a uuid.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `value` is an id as the site writes it (a lower-case UUID): anything else is a 404. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** Whether `value` is a UUID in either case: what PostgreSQL reads as a uuid. */
export const isUuidAnyCase = (value: string): boolean => UUID.test(value.toLowerCase());
