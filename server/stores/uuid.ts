/** A uuid in its canonical text form (any case), as the routes' `format: 'uuid'` and Postgres's own output write it. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A value for a `${value}::uuid` parameter: the uuid, or null (which matches nothing) for any other text. A uuid
 * column compared as uuid is served by its index, where `column::text = value` reads every row; and text that is no
 * uuid must match nothing rather than fail the statement.
 */
export const uuidOrNull = (value: string | null | undefined): string | null => (value && CANONICAL_UUID.test(value) ? value.toLowerCase() : null);
