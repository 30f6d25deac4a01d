// What a form is about as the user saw it, for the sentence after the change: words only (the service gets references).
import { oneLine } from '#protocol/shared/text'

export const NAMED_FIELD = 'named'

/** One line; '' when it sent none. */
export function namedIn(formData: FormData): string {
  const name = formData.get(NAMED_FIELD)
  return typeof name === 'string' ? oneLine(name, 200) : ''
}
