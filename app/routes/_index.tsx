import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Box, Button, Card, Flex, Heading, Separator, Strong, Text } from '@radix-ui/themes'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { HoneypotInputs } from 'remix-utils/honeypot/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { z } from 'zod'
import { requiredEmail } from '#app/rules/email'
import { signInNoLogonLink, signInNoUser, signInSuccess, unexpectedError } from '#app/rules/messages'
import { FieldError } from '#app/components/field-error'
import { ButtonRow, InputField, SubmitButton } from '#app/components/forms'
import { checkHoneypot } from '#app/utils/honeypot.server'
import { callLicensing } from '#app/utils/licensing.server'
import { redirectToProvider } from '#app/utils/oauth-state.server'
import { readFormData } from '#app/utils/form.server'
import { getUser } from '#app/utils/session.server'

const SignInSchema = z.object({ email: requiredEmail })
const SocialSchema = z.object({ provider: z.enum(['github', 'google']) })

export async function loader({ request }: LoaderFunctionArgs) {
  const email = new URL(request.url).searchParams.get('email') ?? ''
  const user = await getUser(request)
  return json({ email: email.slice(0, 254), signedInAs: user?.email ?? null })
}

type ActionData =
  | {
      kind: 'link'
      outcome: 'sent' | 'locked' | 'error' | 'invalid'
      email: string
      result: SubmissionResult<string[]>
    }
  | { kind: 'social'; message: string }

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const intent = formData.get('intent')
  switch (intent) {
    case 'link': {
      checkHoneypot(formData)
      const submission = parseWithZod(formData, { schema: SignInSchema })
      if (submission.status !== 'success') {
        return json<ActionData>(
          { kind: 'link', outcome: 'invalid', email: '', result: submission.reply() },
          { status: 400 },
        )
      }
      const { email } = submission.value
      const answer = await callLicensing('manageLicense', { type: 'link', email }, { context })
      if (answer.ok) {
        return json<ActionData>({ kind: 'link', outcome: 'sent', email, result: submission.reply() })
      }
      if (answer.error === 'NO_LOGON_LINK' || answer.error === 'NO_USER') {
        const message = answer.error === 'NO_LOGON_LINK' ? signInNoLogonLink : signInNoUser
        return json<ActionData>(
          { kind: 'link', outcome: 'locked', email, result: submission.reply({ fieldErrors: { email: [message] } }) },
          { status: 400 },
        )
      }
      // The address's mail budget is spent: the service says until when; the address stays in the field.
      if (answer.error === 'RATE_LIMITED') {
        return json<ActionData>(
          { kind: 'link', outcome: 'error', email, result: submission.reply({ formErrors: [answer.message] }) },
          { status: 429 },
        )
      }
      return json<ActionData>(
        { kind: 'link', outcome: 'error', email, result: submission.reply({ formErrors: [unexpectedError] }) },
        { status: 502 },
      )
    }
    case 'social': {
      const parsed = SocialSchema.safeParse(Object.fromEntries(formData))
      if (!parsed.success) return json<ActionData>({ kind: 'social', message: unexpectedError }, { status: 400 })
      const provider = parsed.data.provider
      const callback = new URL(`/auth/${provider}/`, request.url).href
      const answer = await callLicensing('manageLicense', { type: provider, callback }, { context })
      // A document redirect to the provider's page (or the local stand-in), bound to this browser (login CSRF).
      if (answer.ok && 'redirect' in answer.result) return redirectToProvider(provider, answer.result.redirect)
      return json<ActionData>({ kind: 'social', message: unexpectedError }, { status: 502 })
    }
    default:
      return json({ error: 'Unknown intent' }, { status: 400 })
  }
}

export default function SignIn() {
  const { email: prefilled, signedInAs } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const linkData = actionData && actionData.kind === 'link' ? actionData : undefined
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'link'

  const [form, fields] = useForm({
    id: 'sign-in',
    lastResult: navigation.state === 'idle' ? linkData?.result : undefined,
    constraint: getZodConstraint(SignInSchema),
    defaultValue: { email: prefilled },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
  })
  // Editing the address re-enables Send Link after a success or a refusal (spec §4).
  const [editedSince, setEditedSince] = useState<unknown>(null)
  const settled = linkData && (linkData.outcome === 'sent' || linkData.outcome === 'locked') && editedSince !== linkData
  const locked = hydrated && Boolean(settled)

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
                <HoneypotInputs />
                <input type="hidden" name="intent" value="link" />
                <Flex direction="column" gap="2">
                  <InputField
                    field={fields.email}
                    label="Email"
                    type="email"
                    gap="2"
                    autoComplete="email"
                    size="3"
                    onInput={() => setEditedSince(linkData ?? null)}
                  />
                  <FieldError id={form.errorId} errors={form.errors} />
                  {linkData?.outcome === 'sent' ? (
                    <Text as="p" role="status" color="green" size="2">
                      {signInSuccess}
                    </Text>
                  ) : null}
                  <ButtonRow>
                    <SubmitButton size="3" busy={busy} busyLabel="Sending…" disabled={locked}>
                      Send Link
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
                {actionData?.kind === 'social' ? (
                  <Text as="p" role="alert" color="red" size="2" mt="2">
                    {actionData.message}
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

/** A signed-in person on "/" is told who they are signed in as and where their licenses are, not asked to sign in. */
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
