import { json } from '@remix-run/node'

/** No stack, no detail of the parser. */
export const UNREADABLE_FORM = 'The form could not be read. Please reload the page and try again.'

/** A body that is not a form makes `request.formData()` throw: here a 400 with a human message, not a server error. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw json({ message: UNREADABLE_FORM }, { status: 400 })
  }
}
