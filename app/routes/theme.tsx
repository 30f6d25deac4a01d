import { json, redirect, type ActionFunctionArgs } from '@remix-run/node'
import * as z from 'zod/mini'
import { setPreferences } from '#app/utils/preferences.server'
import { safeRedirectPath } from '#app/utils/redirect'
import { readFormData } from '#app/utils/form.server'

const ThemeSchema = z.object({ theme: z.enum(['dark', 'light']), redirectTo: z.optional(z.string()) })

/** Works without script; the choice lives in the preferences cookie. */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = ThemeSchema.safeParse(Object.fromEntries(await readFormData(request)))
  if (!parsed.success) return json({ error: 'Choose dark or light.' }, { status: 400 })
  const headers = { 'Set-Cookie': await setPreferences(request, { theme: parsed.data.theme }) }
  // Without script the form carries redirectTo; the fetcher sends none, stays, and the root revalidates.
  if (parsed.data.redirectTo !== undefined) return redirect(safeRedirectPath(parsed.data.redirectTo), { headers })
  return json({ theme: parsed.data.theme }, { headers })
}

export async function loader() {
  return redirect('/')
}
