/**
 * What a form is about, as its row or dialog named it for the user ("Wallaby.js (order 935369, key 3)", "Wallaby.js
 * Organization, yearly, 5 seats"): sent with the form, so that the sentence after the change names it as the user saw
 * it without reading it again. Words only: the service is sent references, and checks them.
 */
import { oneLine } from '#protocol/text'

export const NAMED_FIELD = 'named'

/** The name the form sent, as one line ('' when it sent none). */
export function namedIn(formData: FormData): string {
  const name = formData.get(NAMED_FIELD)
  return typeof name === 'string' ? oneLine(name, 200) : ''
}
