/**
 * The fields with what a form showed, so that the service changes a license only if that still holds (another user
 * may have changed it meanwhile). Kept apart from the schemas: the page's rows use them, and the page loads no zod.
 */

/**
 * The Assign dialog's and the Unassign button's field with the holder the user saw ('' for a free license): the
 * service changes the license only if it still has that holder. Read from the form as it is, not through the schema
 * (which would read an empty value as absent).
 */
export const SEEN_HOLDER_FIELD = 'assignedToBefore'

/** The Bulk Assign form's field with the holders the dialog started from (its first list), checked before Update. */
export const SEEN_HOLDERS_FIELD = 'holdersBefore'
