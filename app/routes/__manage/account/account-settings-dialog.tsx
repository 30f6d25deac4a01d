import { Button, Flex, Link, Radio, Text } from '#app/components/themes'
import { Form, Link as RemixLink, useActionData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { AccountSettings } from '#protocol/entities'
import { ButtonRow, SubmitButton } from '#app/components/forms'
import { RouteDialog, useKeptControl } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages/labels'
import type { DialogProps } from '../shared/registry'
import type { AccountSettingsActionData, AccountSettingsDialogData } from './account-settings.server'
import { providerNames, providers, renewalRemindersLabel, type Provider } from './account-settings.schema'
import { dialogActionUrl } from '../shared/urls'

const groupStyle = { border: 'none', padding: 0, margin: '0 0 var(--space-4)' } as const
const checkboxStyle = { width: 16, height: 16, margin: 0, accentColor: 'var(--accent-9)' } as const

const linkedField = { github: 'githubLinked', google: 'googleLinked' } as const

/** Account Settings (spec §2, §4): unlinking only changes the draft; Save sends it; Link leaves for the provider. */
export function AccountSettingsDialog({ data: loaded, closeTo }: DialogProps<AccountSettingsDialogData>) {
  const actionData = useActionData<AccountSettingsActionData>()
  const refusal = actionData?.intent === 'account-settings' ? actionData : undefined

  return (
    <RouteDialog title={loaded.email} description={labels.accountSettings} closeTo={closeTo} maxWidth="520px">
      {loaded.kind === 'error' ? (
        <>
          <Text as="p" role="alert" color="red" size="2">
            {loaded.message}
          </Text>
          <Flex justify="end" mt="3">
            <Button asChild>
              <RemixLink to={closeTo} preventScrollReset>
                {labels.close}
              </RemixLink>
            </Button>
          </Flex>
        </>
      ) : (
        <SettingsForm
          // A refusal comes back with the draft that was sent; show that draft again beside the message.
          key={refusal ? JSON.stringify(refusal.draft) : 'loaded'}
          initial={loaded.settings}
          draft={refusal?.draft ?? loaded.settings}
          message={refusal?.message}
          closeTo={closeTo}
        />
      )}
    </RouteDialog>
  )
}

type SettingsFormProps = {
  initial: AccountSettings
  draft: AccountSettings
  message?: string
  closeTo: string
}

function SettingsForm({ initial, draft, message, closeTo }: SettingsFormProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'account-settings'
  const formId = 'account-settings'

  return (
    <>
      <Form method="post" action={dialogActionUrl({ dialog: 'account-settings' }, closeTo)} id={formId}>
        <input type="hidden" name="intent" value="account-settings" />
        <fieldset style={groupStyle}>
          <legend>
            <Text size="2" weight="bold">
              Sign in using an email link
            </Text>
          </legend>
          <Flex direction="column" gap="2" mt="2">
            <Flex asChild gap="2" align="center">
              <label>
                <Radio name="logonLink" value="default" defaultChecked={draft.logonLink === 'default'} />
                <Text size="2">{labels.logonLinkDefault}</Text>
              </label>
            </Flex>
            <Flex asChild gap="2" align="center">
              <label>
                <Radio name="logonLink" value="always" defaultChecked={draft.logonLink === 'always'} />
                <Text size="2">{labels.logonLinkAlways}</Text>
              </label>
            </Flex>
          </Flex>
        </fieldset>

        <fieldset style={groupStyle}>
          <legend>
            <Text size="2" weight="bold">
              Notifications
            </Text>
          </legend>
          <Flex asChild gap="2" align="center" mt="2">
            <label>
              <input
                type="checkbox"
                name="renewalReminders"
                defaultChecked={draft.renewalReminders}
                style={checkboxStyle}
              />
              <Text size="2">{renewalRemindersLabel}</Text>
            </label>
          </Flex>
        </fieldset>

        {providers.map((provider) => (
          <ProviderField
            key={provider}
            provider={provider}
            linkedNow={initial[linkedField[provider]]}
            draftLinked={draft[linkedField[provider]]}
          />
        ))}

        {message ? (
          <Text as="p" role="alert" color="red" size="2" mt="3">
            {message}
          </Text>
        ) : null}

        <ButtonRow justify="end" mt="4">
          <Link asChild size="2" underline="always">
            <RemixLink to={closeTo} preventScrollReset>
              {labels.cancel}
            </RemixLink>
          </Link>
          <SubmitButton busy={busy} busyLabel="Saving…">
            {labels.save}
          </SubmitButton>
        </ButtonRow>
      </Form>
      {/* Linking leaves the portal for the provider: a plain document post, answered by a redirect. */}
      {providers.map((provider) => (
        <Form
          key={provider}
          method="post"
          action={dialogActionUrl({ dialog: 'account-settings' }, closeTo)}
          id={`link-${provider}`}
          reloadDocument
          hidden
        >
          <input type="hidden" name="intent" value="link-account" />
          <input type="hidden" name="provider" value={provider} />
        </Form>
      ))}
    </>
  )
}

/** Linked: without script a checkbox that can be cleared, with script Unlink (and Keep linked). */
function ProviderField({
  provider,
  linkedNow,
  draftLinked,
}: {
  provider: Provider
  linkedNow: boolean
  draftLinked: boolean
}) {
  const hydrated = useHydrated()
  const field = linkedField[provider]
  // The checkbox without script becomes Unlink with it: one cleared before the script arrived stays cleared.
  const [linked, setLinked] = useState(useKeptControl(field)?.checked ?? draftLinked)
  const name = providerNames[provider]
  const statusId = `${provider}-link-status`

  return (
    <fieldset style={groupStyle} aria-describedby={statusId}>
      <legend>
        <Text size="2" weight="bold">
          {name}
        </Text>
      </legend>
      <Flex gap="3" align="center" mt="2" wrap="wrap">
        {!linkedNow ? (
          <>
            <Text size="2" id={statusId}>
              Not linked
            </Text>
            <Button type="submit" form={`link-${provider}`} variant="soft" size="1" aria-label={`Link ${name}`}>
              Link
            </Button>
          </>
        ) : !hydrated ? (
          <>
            <Flex asChild gap="2" align="center">
              <label>
                <input type="checkbox" name={field} defaultChecked={draftLinked} style={checkboxStyle} />
                <Text size="2">Linked</Text>
              </label>
            </Flex>
            <Text size="2" color="gray" id={statusId}>
              Clear to unlink {name} when you save.
            </Text>
          </>
        ) : (
          <>
            {linked ? <input type="hidden" name={field} value="on" /> : null}
            <Text size="2" id={statusId} role="status">
              {linked ? 'Linked' : `${name} will be unlinked when you save.`}
            </Text>
            <Button
              type="button"
              variant="soft"
              size="1"
              color={linked ? 'red' : 'gray'}
              aria-label={linked ? `Unlink ${name}` : `Keep ${name} linked`}
              onClick={() => setLinked(!linked)}
            >
              {linked ? 'Unlink' : 'Keep linked'}
            </Button>
          </>
        )}
      </Flex>
    </fieldset>
  )
}
