import * as z from 'zod/mini'

/** A call without a payload: `{}`, `null`, or none at all. */
export const emptyPayload = z.union([z.union([z.strictObject({}), z.undefined()]), z.null()])
