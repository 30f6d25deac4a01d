import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '#app/utils/conform-zod'
import { Box, Button, Callout, Card, Flex, Heading, Link, Separator, Strong, Text } from '#app/components/themes'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link as RemixLink, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { HoneypotFields } from '#app/components/honeypot-fields'
import { useHydrated } from 'remix-utils/use-hydrated'
import * as z from 'zod/mini'
import { COMPANY_SIGN_IN_CALLBACK_PATH, SINGLE_SIGN_ON_BUTTON } from '#protocol/company-sign-in/company-sign-in'
import { requiredEmail } from '#app/rules/email'
import {
  signInLinkRefused,
  signInLinkUnknown,
  signInNoLogonLink,
  signInNoUser,
  signInSuccess,
} from '#app/rules/messages/sign-in'
import { OUTCOME_UNKNOWN, unexpectedError } from '#protocol/shared/errors'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, InputField, SubmitButton } from '#app/components/forms'
import { checkHoneypot, honeypotFields } from '#app/utils/honeypot.server'
import { callLicensing } from '#app/utils/licensing.server'
import { redirectToProvider } from '#app/utils/oauth-state.server'
import { continueToCompany } from '#app/utils/company-sign-in.server'
import { readFormData } from '#app/utils/form.server'
import { getUser } from '#app/utils/session.server'
import { signInOutcomeHeader, takeSignInOutcome, type SignInOutcome } from '#app/utils/sign-in-outcome.server'
import { EMAIL_MAX_LENGTH } from '#protocol/shared/email'

const SignInSchema = z.object({ email: requiredEmail })
const SocialSchema = z.object({ provider: z.enum(['github', 'google']) })

export async function loader({ request }: LoaderFunctionArgs) {
  const email = new URL(request.url).searchParams.get('email') ?? ''
  const user = await getUser(request)
  const { outcome, clear } = await takeSignInOutcome(request)
  const headers = clear ? { 'Set-Cookie': clear } : undefined
  return json(
    {
      email: (outcome?.kind === 'link' || outcome?.kind === 'link-refused' ? (outcome.email ?? '') : email).slice(
        0,
        EMAIL_MAX_LENGTH,
      ),
      signedInAs: user?.email ?? null,
      linkOutcome: outcome?.kind === 'link' ? { outcome: outcome.outcome, result: linkResult(outcome) } : null,
      linkUnknown: outcome?.kind === 'link' && outcome.outcome === 'unknown' ? signInLinkUnknown : null,
      socialError: outcome?.kind === 'social' ? unexpectedError : null,
      linkRefused: outcome?.kind === 'link-refused' ? outcome.state : null,
      honeypot: user ? null : honeypotFields(),
    },
    { headers },
  )
}

/** The address typed, with its outcome's message. */
function linkResult(outcome: Extract<SignInOutcome, { kind: 'link' }>): SubmissionResult<string[]> {
  const formData = new FormData()
  formData.set('email', outcome.email)
  const submission = parseWithZod(formData, { schema: SignInSchema })
  switch (outcome.outcome) {
    case 'no-user':
      return submission.reply({ fieldErrors: { email: [signInNoUser] } })
    case 'no-logon-link':
      return submission.reply({ fieldErrors: { email: [signInNoLogonLink] } })
    case 'limited':
      return submission.reply({ formErrors: [outcome.message ?? unexpectedError] })
    case 'sso-required':
    case 'company-refused':
      return submission.reply({ fieldErrors: { email: [outcome.message ?? unexpectedError] } })
    case 'error':
      return submission.reply({ formErrors: [unexpectedError] })
    default:
      return submission.reply()
  }
}

/** Post/redirect/get: no `?index` kept, no second link on reload. */
async function backToSignIn(outcome: SignInOutcome) {
  return redirect('/', { headers: { 'Set-Cookie': await signInOutcomeHeader(outcome) } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const intent = formData.get('intent')
  switch (intent) {
    case 'link': {
      checkHoneypot(formData, context, 'sign-in')
      const typed = String(formData.get('email') ?? '').slice(0, 354)
      const submission = parseWithZod(formData, { schema: SignInSchema })
      if (submission.status !== 'success') return backToSignIn({ kind: 'link', outcome: 'invalid', email: typed })
      const { email } = submission.value
      const answer = await callLicensing('manageLicense', { type: 'link', email }, { context })
      if (answer.ok) return backToSignIn({ kind: 'link', outcome: 'sent', email })
      // Its repeats had no answer either: a link may be on its way, and asking again at once may send a second one.
      if (answer.error === OUTCOME_UNKNOWN) return backToSignIn({ kind: 'link', outcome: 'unknown', email })
      if (answer.error === 'NO_LOGON_LINK' || answer.error === 'NO_USER') {
        const outcome = answer.error === 'NO_LOGON_LINK' ? 'no-logon-link' : 'no-user'
        return backToSignIn({ kind: 'link', outcome, email })
      }
      // The address's mail budget is spent: the service's message says until when.
      if (answer.error === 'RATE_LIMITED') {
        return backToSignIn({ kind: 'link', outcome: 'limited', email, message: answer.message })
      }
      // The company requires its single sign-on: the message says how (the button is in the same form).
      if (answer.error === 'SSO_REQUIRED') {
        return backToSignIn({ kind: 'link', outcome: 'sso-required', email, message: answer.message })
      }
      return backToSignIn({ kind: 'link', outcome: 'error', email })
    }
    case 'company': {
      // No mail is sent for it, so no honeypot: the company's provider asks who the person is.
      const typed = String(formData.get('email') ?? '').slice(0, 354)
      const submission = parseWithZod(formData, { schema: SignInSchema })
      if (submission.status !== 'success') return backToSignIn({ kind: 'link', outcome: 'invalid', email: typed })
      const { email } = submission.value
      const callback = new URL(COMPANY_SIGN_IN_CALLBACK_PATH, request.url).href
      const answer = await callLicensing('startCompanySignIn', { email, callback }, { context })
      if (answer.ok) return continueToCompany(answer.result.redirect)
      const explained = answer.error === 'NOT_FOUND' || answer.error === 'PROVIDER_ERROR'
      if (!explained) return backToSignIn({ kind: 'link', outcome: 'error', email })
      return backToSignIn({ kind: 'link', outcome: 'company-refused', email, message: answer.message })
    }
    case 'social': {
      const parsed = SocialSchema.safeParse(Object.fromEntries(formData))
      if (!parsed.success) return backToSignIn({ kind: 'social', outcome: 'error' })
      const provider = parsed.data.provider
      const callback = new URL(`/auth/${provider}/`, request.url).href
      const answer = await callLicensing('manageLicense', { type: provider, callback }, { context })
      // A document redirect to the provider's page (or the local stand-in), bound to this browser (login CSRF).
      if (answer.ok && 'redirect' in answer.result) return redirectToProvider(provider, answer.result.redirect)
      return backToSignIn({ kind: 'social', outcome: 'error' })
    }
    default:
      return json({ error: 'Unknown intent' }, { status: 400 })
  }
}

export default function SignIn() {
  const {
    email: prefilled,
    signedInAs,
    linkOutcome,
    linkUnknown,
    socialError,
    linkRefused,
    honeypot,
  } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'link'
  const companyBusy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'company'

  const [form, fields] = useForm({
    id: 'sign-in',
    lastResult: navigation.state === 'idle' ? linkOutcome?.result : undefined,
    constraint: getZodConstraint(SignInSchema),
    defaultValue: { email: prefilled },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
  })
  // Editing the address re-enables Send Link after a success or a refusal (spec §4).
  const [editedSince, setEditedSince] = useState<unknown>(null)
  const settled =
    linkOutcome &&
    !['error', 'unknown', 'invalid', 'company-refused'].includes(linkOutcome.outcome) &&
    editedSince !== linkOutcome
  const locked = hydrated && Boolean(settled)
  const refused = linkRefused ? signInLinkRefused[linkRefused] : null

  return (
    <Flex direction="column" align="center" px="4" py="8">
      <Box style={{ maxWidth: 560, width: '100%' }}>
        <Heading as="h1" size="8" mb="3">
          Manage your licenses
        </Heading>
        <Text as="p" size="3" mb="2">
          Sign in to view your licenses and subscriptions, assign company licenses to your team, renew, download offline
          keys and manage who can do what in your company.
        </Text>
        {refused ? (
          <Callout.Root color="amber" my="4" role="note" aria-labelledby="link-refused-heading">
            <Box>
              <Heading as="h2" size="4" mb="1" id="link-refused-heading">
                {refused.title}
              </Heading>
              <Callout.Text>{refused.text}</Callout.Text>
            </Box>
          </Callout.Root>
        ) : null}
        {signedInAs ? (
          <SignedIn email={signedInAs} />
        ) : (
          <>
            <Text as="p" size="3" mb="5" weight="medium">
              To get started, you must first sign in
            </Text>
            <Card size="3">
              <Form method="post" {...getFormProps(form)} aria-labelledby="sign-in-email-heading">
                <Heading as="h2" size="4" mb="3" id="sign-in-email-heading">
                  Sign in using email
                </Heading>
                {honeypot ? <HoneypotFields fields={honeypot} /> : null}
                <Flex direction="column" gap="2">
                  <InputField
                    field={fields.email}
                    label="Email"
                    type="email"
                    gap="2"
                    autoComplete="email"
                    size="3"
                    onInput={() => setEditedSince(linkOutcome)}
                  />
                  <FieldError id={form.errorId} errors={form.errors} />
                  {linkOutcome?.outcome === 'sent' ? (
                    <Text as="p" role="status" color="green" size="2">
                      {signInSuccess}
                    </Text>
                  ) : null}
                  {linkOutcome?.outcome === 'no-user' && editedSince !== linkOutcome ? (
                    <Text as="p" size="2" color="gray">
                      Licenses are listed under the address they were bought with or assigned to: check it for typos,
                      ask your company&apos;s license administrator which address yours is assigned to, or{' '}
                      <Link asChild underline="always">
                        <RemixLink to="/shop/">buy a license in the shop</RemixLink>
                      </Link>
                      .
                    </Text>
                  ) : null}
                  {linkUnknown ? (
                    <Text as="p" role="status" color="amber" size="2">
                      {linkUnknown}
                    </Text>
                  ) : null}
                  <ButtonRow>
                    {/* The first submit button is the one Enter presses. */}
                    <SubmitButton
                      size="3"
                      busy={busy}
                      busyLabel="Sending…"
                      disabled={locked}
                      name="intent"
                      value="link"
                    >
                      Send Link
                    </SubmitButton>
                    <SubmitButton size="3" variant="outline" name="intent" value="company" busy={companyBusy}>
                      {SINGLE_SIGN_ON_BUTTON}
                    </SubmitButton>
                  </ButtonRow>
                </Flex>
              </Form>
              <Separator size="4" my="5" />
              <Form method="post" aria-labelledby="social-heading">
                <Heading as="h2" size="3" mb="3" id="social-heading">
                  Or continue with
                </Heading>
                <input type="hidden" name="intent" value="social" />
                <Flex gap="3" wrap="wrap">
                  <Button type="submit" name="provider" value="github" variant="outline" size="3">
                    GitHub
                  </Button>
                  <Button type="submit" name="provider" value="google" variant="outline" size="3">
                    Google
                  </Button>
                </Flex>
                {socialError ? (
                  <Text as="p" role="alert" color="red" size="2" mt="2">
                    {socialError}
                  </Text>
                ) : null}
              </Form>
            </Card>
          </>
        )}
      </Box>
    </Flex>
  )
}

/** Told who they are signed in as and where their licenses are, not asked to sign in. */
function SignedIn({ email }: { email: string }) {
  return (
    <Card size="3" asChild>
      <section aria-labelledby="signed-in-heading">
        <Heading as="h2" size="4" mb="3" id="signed-in-heading">
          You are signed in
        </Heading>
        <Text as="p" size="3" mb="4">
          You are signed in as <Strong>{email}</Strong>.
        </Text>
        <ButtonRow>
          <Button asChild size="3">
            <RemixLink to="/manage">Manage Licenses</RemixLink>
          </Button>
          {/* Someone else at this computer: Log Out, as in the user menu (replace: Back must not return here). */}
          <Form method="post" action="/logout" replace>
            <SubmitButton size="3" variant="soft" color="gray">
              Not you? Log Out
            </SubmitButton>
          </Form>
        </ButtonRow>
      </section>
    </Card>
  )
}

export const meta: MetaFunction = () => [{ title: 'Sign in | License Portal' }]
