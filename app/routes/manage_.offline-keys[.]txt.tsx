// Every offline key of a company as a text file, signed a batch at a time and streamed (spec §2 "Offline keys dialog").
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/utils/session.server'
import { companyOfflineLicenses, offlineKeysFile } from './__manage/company/offline-keys.server'
import { offlineKeyFileName } from './__manage/company/offline-keys-text'
import { requireKnownReferences } from './__manage/shared/references.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  requireKnownReferences(url)
  const found = await companyOfflineLicenses({ user, context }, url.searchParams.get('company'))
  const file = found.ok ? await offlineKeysFile({ user, context }, found.company, found.licenses) : found
  // Past the limit, or refused by the service: the reason, as text a browser shows as it is.
  if (!file.ok)
    return new Response(`${file.message}\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  return new Response(file.body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': `attachment; filename="${offlineKeyFileName('offline-keys', found.company.name)}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
