// An id longer than the protocol carries names nothing: refused at each /manage entry, before any reader sends it to
// the service (which would refuse it as malformed, a 502 the person could do nothing about).
import { json } from '@remix-run/node'
import { ID_MAX_LENGTH } from '#protocol/shared/limits'
import { isOwnKey } from '#protocol/shared/own'

const referenceParams = {
  company: 'a company',
  subscription: 'a subscription',
  token: 'an API token',
  machine: 'a machine',
} as const

type ReferenceParam = keyof typeof referenceParams

/** The first parameter of `sources` naming something by an id past `ID_MAX_LENGTH`. */
export function oversizedReference(...sources: Array<URLSearchParams | FormData>): ReferenceParam | undefined {
  for (const source of sources) {
    for (const [name, value] of source) {
      if (isOwnKey(referenceParams, name) && typeof value === 'string' && value.length > ID_MAX_LENGTH) return name
    }
  }
  return undefined
}

const namesNothing = (what: 'link' | 'form', name: ReferenceParam) =>
  `This ${what} names ${referenceParams[name]} that does not exist (its id is longer than ${ID_MAX_LENGTH} characters).`

/** For a dialog or a file: a link naming something by such an id is one to something not there (a 404). */
export function requireKnownReferences(url: URL): void {
  const name = oversizedReference(url.searchParams)
  if (name)
    throw json({ message: `${namesNothing('link', name)} Open it from the Manage Licenses page.` }, { status: 404 })
}

/** For a form: a 400 that says what to do. */
export function refuseOversizedReferences(url: URL, formData: FormData): void {
  const name = oversizedReference(url.searchParams, formData)
  if (name)
    throw json({ message: `${namesNothing('form', name)} Please reload the page and try again.` }, { status: 400 })
}
