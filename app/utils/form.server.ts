import { json } from '@remix-run/node'
import { unreadableForm } from '#app/rules/messages/failures'

/** A body that is not a form makes `request.formData()` throw: here a 400 with a human message, not a server error. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw json({ message: unreadableForm }, { status: 400 })
  }
}
