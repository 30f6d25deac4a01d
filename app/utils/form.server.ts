import { json } from '@remix-run/node'

/** What a post whose body cannot be read as a form is told (no stack, no detail of the parser). */
export const UNREADABLE_FORM = 'The form could not be read. Please reload the page and try again.'

/**
 * The body of a form post. A body that is not a form (JSON, plain text, a multipart body without its boundary or cut
 * short) makes `request.formData()` throw: here it is a 400 with a human message, which the route's error boundary
 * shows, instead of an unexpected server error.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw json({ message: UNREADABLE_FORM }, { status: 400 })
  }
}
