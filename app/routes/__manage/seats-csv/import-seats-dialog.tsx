import { Box, Button, Flex, Heading, Text } from '#app/components/themes'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import { IdempotencyField } from '#app/components/idempotency-field'
import { RouteDialog } from '#app/components/route-dialog'
import { countOf } from '#protocol/shared/words'
import { importLimitsText } from '#app/rules/seats-csv'
import { labels } from '#app/rules/messages/labels'
import { Alert, BackLink } from '../shared/dialog-parts'
import type { DialogProps } from '../shared/registry'
import type { ImportSeatsActionData, ImportSeatsDialogData } from './import.server'
import { dialogActionUrl } from '../shared/urls'
import { PLAN_FIELD_NAME } from './urls'

/** The plan lists this many changes; the rest are counted. */
const LISTED = 200

/** Upload, see the plan, Apply: two plain forms, so both steps work without script. */
export function ImportSeatsDialog({ data, closeTo }: DialogProps<ImportSeatsDialogData>) {
  const d = data
  const answer = useActionData<ImportSeatsActionData>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'import-seats'
  const reply = answer?.intent === 'import-seats' && navigation.state === 'idle' ? answer : undefined
  const action = dialogActionUrl({ dialog: 'import-seats', company: d.company.id }, closeTo)
  const fileError = reply?.stage === 'refused' ? reply.message : undefined

  return (
    <RouteDialog
      title="Import Seat Assignments"
      description={`${d.company.name}: assign and unassign licenses from a CSV file. You see the plan before anything changes.`}
      closeTo={closeTo}
      maxWidth="720px"
    >
      <Form method="post" encType="multipart/form-data" action={action} preventScrollReset>
        <input type="hidden" name="intent" value="import-seats" />
        <input type="hidden" name="stage" value="plan" />
        <input type="hidden" name="company" value={d.company.id} />
        <Flex direction="column" gap="2" mb="3">
          <label htmlFor="import-seats-file">
            <Text size="2" weight="medium">
              CSV file
            </Text>
          </label>
          <input
            id="import-seats-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby={`import-seats-hint${fileError ? ' import-seats-error' : ''}`}
            aria-invalid={fileError ? true : undefined}
          />
          <Text as="p" size="2" color="gray" id="import-seats-hint">
            One row per license: <code>order,key,email</code> (an empty email unassigns the license), or{' '}
            <code>product,email</code> for any free license of the product. The first row decides which for the whole
            file: a header row naming its columns, or, without one, a first row of three cells makes every row{' '}
            <code>order,key,email</code> and one of two cells <code>product,email</code>. A file made with Export CSV
            can be edited and imported as it is. A CSV file as a spreadsheet saves it (cells separated by commas,
            semicolons or tabs), {importLimitsText}.
          </Text>
          {fileError ? (
            <Text as="p" role="alert" color="red" size="2" id="import-seats-error">
              {fileError}
            </Text>
          ) : null}
          <Flex gap="3" justify="end" wrap="wrap">
            <BackLink to={closeTo}>{labels.cancel}</BackLink>
            <Button type="submit" variant="soft" disabled={busy}>
              Show plan
            </Button>
          </Flex>
        </Flex>
      </Form>

      {reply?.stage === 'plan' ? (
        <Box asChild mt="3">
          <section aria-labelledby="import-seats-plan">
            <Heading as="h3" size="3" id="import-seats-plan" mb="1">
              Plan{reply.fileName ? ` for ${reply.fileName}` : ''}
            </Heading>
            {reply.errors.length > 0 ? (
              <>
                <Alert>
                  {countOf(reply.errors.length, 'row')} cannot be imported, so nothing will be changed. Correct{' '}
                  {reply.errors.length === 1 ? 'it' : 'them'} and upload the file again.
                </Alert>
                <ul className="plain-list" aria-label="Rows that cannot be imported">
                  {reply.errors.map((error, i) => (
                    <li key={i}>
                      <Text size="2" color="red">
                        {error}
                      </Text>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <>
                <Text as="p" size="2" weight="medium" role="status">
                  {reply.summary}
                </Text>
                {reply.changes.length > 0 ? (
                  <>
                    <ul className="plain-list" aria-label="Changes">
                      {reply.changes.slice(0, LISTED).map((change) => (
                        <li key={change.id}>
                          <Text size="2">{change.words}</Text>
                        </li>
                      ))}
                    </ul>
                    {reply.changes.length > LISTED ? (
                      <Text as="p" size="2">
                        … and {reply.changes.length - LISTED} more.
                      </Text>
                    ) : null}
                    <Form method="post" action={action} preventScrollReset>
                      <input type="hidden" name="intent" value="import-seats" />
                      <input type="hidden" name="stage" value="apply" />
                      <input type="hidden" name="company" value={d.company.id} />
                      <input
                        type="hidden"
                        name={PLAN_FIELD_NAME}
                        value={JSON.stringify(
                          reply.changes.map(({ id, owner, assignedTo, assignedToBefore }) => ({
                            id,
                            owner,
                            assignedTo,
                            assignedToBefore,
                          })),
                        )}
                      />
                      <IdempotencyField value={d.idempotencyKey} />
                      <Flex gap="3" justify="end" mt="2">
                        <Button type="submit" disabled={busy}>
                          Apply
                        </Button>
                      </Flex>
                    </Form>
                  </>
                ) : null}
              </>
            )}
          </section>
        </Box>
      ) : null}
    </RouteDialog>
  )
}
