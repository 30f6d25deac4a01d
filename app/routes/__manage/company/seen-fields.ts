// What a form showed, so the service changes a license only if that still holds (kept apart: the page loads no zod).

/** '' for a free license; read from the form as it is (the schema would read an empty value as absent). */
export const SEEN_HOLDER_FIELD = 'assignedToBefore'

/** The holders the Bulk Assign dialog started from, checked before Update. */
export const SEEN_HOLDERS_FIELD = 'holdersBefore'
