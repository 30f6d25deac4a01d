/**
 * The /manage dialogs and forms are found by name, and only by the names the capabilities declare: an unknown dialog
 * is a page that does not exist (404), an unknown form a request the page cannot answer (400), and no capability's
 * dialog or form hides another's.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { cookieFrom, detailsFor, formRequest, removeDataDir, settle, stubLicensing } from './account-stub'

const { loader: manageLoader, action: manageAction } = await import('#app/routes/manage')
const { createUserSession } = await import('#app/utils/session.server')
const { manageDialogs, rowForms } = await import('#app/routes/__manage/dialogs')
const { dialogLoaders, manageActions } = await import('#app/routes/__manage/registry.server')
const capabilities = [
  (await import('#app/routes/__manage/account/account.registry')).accountDialogs,
  (await import('#app/routes/__manage/activity/activity.registry')).activityDialogs,
  (await import('#app/routes/__manage/admin/admin.registry')).adminDialogs,
  (await import('#app/routes/__manage/api-tokens/api-tokens.registry')).apiTokenDialogs,
  (await import('#app/routes/__manage/company/company.registry')).companyDialogs,
  (await import('#app/routes/__manage/domains/domains.registry')).domainDialogs,
  (await import('#app/routes/__manage/company-sign-in/company-sign-in.registry')).companySignInDialogs,
  (await import('#app/routes/__manage/directory/directory.registry')).directoryDialogs,
  (await import('#app/routes/__manage/machines/machines.registry')).machineDialogs,
  (await import('#app/routes/__manage/permissions/permissions.registry')).permissionDialogs,
  (await import('#app/routes/__manage/reclaim/reclaim.registry')).reclaimDialogs,
  (await import('#app/routes/__manage/renewals/renewals.registry')).renewalDialogs,
  (await import('#app/routes/__manage/seats-csv/seats-csv.registry')).seatsCsvDialogs,
  (await import('#app/routes/__manage/subscriptions/subscriptions.registry')).subscriptionDialogs,
  (await import('#app/routes/__manage/webhooks/webhooks.registry')).webhookDialogs,
]

afterAll(removeDataDir)

const PAT = 'pat@personal.test'

async function signedIn(): Promise<string> {
  return cookieFrom(
    await createUserSession(
      new Request('http://portal.test/'),
      { email: PAT, admin: false, credential: 'cred-pat' },
      '/manage',
    ),
  )
}

const details = () => stubLicensing({ retrieveDetails: () => ({ result: detailsFor(PAT, { personal: true }) }) })

async function openDialog(query: string) {
  const request = new Request(`http://portal.test/manage?${query}`, { headers: { Cookie: await signedIn() } })
  return settle(manageLoader({ request, params: {}, context: details().context }))
}

async function post(intent: string) {
  const request = formRequest('http://portal.test/manage?index', [['intent', intent]], await signedIn())
  return settle(manageAction({ request, params: {}, context: details().context }))
}

describe('the /manage dialog registry', () => {
  it('opens a registered dialog with what its loader returned', async () => {
    const response = await openDialog('dialog=change-email')
    expect(response.status).toBe(200)
    const body = (await response.json()) as { dialog: { name: string; data: unknown } }
    expect(body.dialog).toEqual({ name: 'change-email', data: { currentEmail: PAT } })
  })

  it.each(['no-such-dialog', 'Change-Email', 'constructor', '__proto__', 'hasOwnProperty'])(
    'answers dialog=%s, a name no capability declares, with 404 Not found',
    async (name) => {
      const response = await openDialog(new URLSearchParams({ dialog: name }).toString())
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ message: 'Not found' })
    },
  )

  it.each(['no-such-form', 'Assign', 'constructor', '__proto__', 'toString'])(
    'answers intent=%s, a form no capability declares, with 400 and a way forward',
    async (intent) => {
      const response = await post(intent)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        message: 'This form is not one the page knows. Please reload the page and try again.',
      })
    },
  )

  it('has each capability’s dialogs, none declared by two capabilities, each with its loader', async () => {
    const declared = capabilities.flatMap((dialogs) => Object.keys(dialogs))
    expect(new Set(declared).size).toBe(declared.length)
    expect(Object.keys(manageDialogs).sort()).toEqual([...declared].sort())
    expect([...dialogLoaders.keys()].sort()).toEqual([...declared].sort())
    for (const [name, dialog] of Object.entries(manageDialogs)) {
      expect(dialogLoaders.get(name), name).toBe(dialog.load)
      expect(typeof (await dialog.Component.preload()).default, name).toBe('function')
    }
  })

  it('answers every form a dialog declares with the action the dialog declares', () => {
    for (const [name, dialog] of Object.entries(manageDialogs)) {
      for (const [intent, action] of Object.entries(dialog.actions)) {
        expect(manageActions.get(intent), `${name}: intent=${intent}`).toBe(action)
      }
    }
    for (const [intent, action] of rowForms.flatMap((forms) => Object.entries(forms))) {
      expect(manageActions.get(intent), `row form intent=${intent}`).toBe(action)
    }
    expect(manageActions.has('dismiss-welcome')).toBe(true)
    expect(manageActions.has('unassign')).toBe(true)
    expect(manageActions.has('renew')).toBe(true)
  })
})
