import { Box, Button, Callout, Container, Flex, Heading, Text } from '#app/components/themes'
import type { SerializeFrom } from '@remix-run/node'
import { Form, Link, useLocation } from '@remix-run/react'
import { useEffect } from 'react'
import { DialogStatusContext, StatusMessage } from '#app/components/status-message'
import type { Status } from '#app/utils/flash'
import type { ManageView } from '#app/rules/manage-view'
import { labels } from '#app/rules/messages/labels'
import { welcomeActions } from '#app/rules/company'
import { MergeCompaniesLink } from './admin/admin-links'
import { AccountActivityLink } from './activity/activity-links'
import { PersonalApiTokensLink } from './api-tokens/api-tokens-links'
import { ExpiryWarning } from './expiry-warning'
import { CompanySection } from './company-section'
import { LicenseTable } from './license-table'
import type { OpenDialog } from './dialogs'
import { ManageDialog, usePreloadedDialogs } from './manage-dialog'
import { closeUrl } from './shared/urls'
import { SubscriptionList } from './subscription-list'

type ManagePageProps = {
  view: ManageView
  dialog: SerializeFrom<OpenDialog> | null
  now: number
  showInactive: boolean
  hideWelcome: boolean
  search: string
  /** What the last change did (or why a dialog link did not open), said once. */
  status: Status | null
}

/** Spec §2: a personal section and one section per company. */
export function ManagePage({ view, dialog, now, showInactive, hideWelcome, search, status }: ManagePageProps) {
  useReturnTo(dialog ? null : status)
  const { details } = view
  const { personal, companies } = details.body
  const closeTo = closeUrl(search)
  const hasPersonal = view.personal.total > 0 || personal.subscriptions.length > 0
  usePreloadedDialogs()

  return (
    <Container size="4" px="4" py="5">
      <Heading as="h1" size="7" mb="4">
        Manage Licenses
      </Heading>
      {/* Said in the dialog a change returns to, or else on the page. */}
      <StatusMessage status={dialog ? null : status} placement="page" />

      {!hideWelcome ? (
        <Callout.Root highContrast mb="4" color="indigo" role="region" aria-label="Welcome">
          <Callout.Text>
            Welcome, {details.email}. Here you can see your licenses and subscriptions
            {welcomeActions(companies)}. See <Link to="/help/">Help</Link> for how everything works.
          </Callout.Text>
          <Form method="post" action="/manage">
            <input type="hidden" name="intent" value="dismiss-welcome" />
            <Button type="submit" variant="soft" size="1">
              Don’t show this again
            </Button>
          </Form>
        </Callout.Root>
      ) : null}

      <ExpiryWarning warnings={view.expiry} />

      {details.admin ? (
        <Callout.Root highContrast mb="4" color="amber" role="note">
          <Callout.Text>
            You are signed in as a platform administrator: merge companies, remove license and remove subscription
            actions are available.
          </Callout.Text>
          <MergeCompaniesLink />
        </Callout.Root>
      ) : null}

      {dialog ? (
        <DialogStatusContext.Provider value={status}>
          <ManageDialog open={dialog} closeTo={closeTo} />
        </DialogStatusContext.Provider>
      ) : null}

      {/* Always: the account's own activity and tokens are everyone's, whatever they hold. */}
      <Box asChild mb="6">
        <section aria-labelledby="personal-heading">
          <Heading as="h2" size="5" mb="3" id="personal-heading">
            Personal
          </Heading>
          <Flex gap="3" wrap="wrap">
            <AccountActivityLink />
            <PersonalApiTokensLink />
          </Flex>
          {personal.subscriptions.length ? (
            <SubscriptionList
              subscriptions={personal.subscriptions}
              seats={view.subscriptionSeats}
              now={now}
              showInactive={showInactive}
              headingId="personal-subscriptions"
              label="Personal subscriptions"
              admin={details.admin}
            />
          ) : null}
          {hasPersonal ? (
            <LicenseTable
              licenses={view.personal}
              now={now}
              caption="Personal licenses"
              admin={details.admin}
              search={search}
            />
          ) : (
            <Text as="p">{companies.length ? labels.noPersonalLicenses : labels.noLicensesYet}</Text>
          )}
        </section>
      </Box>

      {companies.map((company) => (
        <CompanySection
          key={company.id}
          search={search}
          company={company}
          counts={view.companies[company.id].counts}
          subscriptionSeats={view.subscriptionSeats}
          licenses={view.companies[company.id].licenses}
          now={now}
          showInactive={showInactive}
          admin={details.admin}
          email={details.email}
        />
      ))}

      <Flex mt="6">
        <Link to="/shop/">{labels.buyNewLicenses}</Link>
      </Flex>
    </Container>
  )
}

/** With script the focus goes to the element a change returns to; without, the redirect's fragment takes it there. */
function useReturnTo(status: Status | null) {
  const id = status?.id
  const target = status?.target
  const { hash, key } = useLocation()
  useEffect(() => {
    if (!id || !target) return
    document.getElementById(target)?.focus()
  }, [id, target])
  // A link to a place on the page (a table's filtered view) takes the focus there too, after a closing dialog's.
  useEffect(() => {
    const place = hash.length > 1 ? document.getElementById(hash.slice(1)) : null
    if (place?.classList.contains('return-point')) place.focus()
  }, [hash, key])
}
