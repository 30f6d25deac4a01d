// A company's usage (/manage/usage?company=ID): chart, table and CSV, for those who may read its activity log.
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link as RemixLink, useLoaderData } from '@remix-run/react'
import { Button, Container, Flex, Heading, Link, Text } from '#app/components/themes'
import { ACTIVATION_LIMIT } from '#protocol/licenses/licenses'
import { UsageFigure } from '#app/components/usage/usage-figure'
import { monthLabel } from '#app/rules/usage'
import type { FrameHandle } from '#app/root'
import { requireUser } from '#app/utils/session.server'
import { anchors } from './__manage/shared/anchors'
import { readUsage } from './__manage/usage/usage.server'
import { usageCsvUrl } from './__manage/usage/urls'
import { requireKnownReferences } from './__manage/shared/references.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  requireKnownReferences(url)
  const usage = await readUsage({ user, context }, url.searchParams.get('company'))
  return json(usage, { headers: { 'Cache-Control': 'no-store' } })
}

/** Nothing to do in the browser: a figure, a table and links (decision 20). */
export const handle: FrameHandle = { scripts: false }

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Usage of ${data.company.name} | License Portal` : 'Usage | License Portal' },
]

export default function UsageRoute() {
  const { company, months, products } = useLoaderData<typeof loader>()
  const first = months[0]
  const last = months.at(-1)
  return (
    <Container size="4" px="4" py="6">
      <Text as="p" size="2" mb="2">
        <Link asChild underline="always">
          <RemixLink to={`/manage#${anchors.company(company.id)}`}>Back to Manage Licenses</RemixLink>
        </Link>
      </Text>
      <Heading as="h1" size="8" mb="3">
        Usage of {company.name}
      </Heading>
      <Text as="p" size="3" mb="2">
        {first && last ? `${monthLabel(first)} to ${monthLabel(last)}, ` : ''}per product: seats bought (not trials, not
        expired), seats assigned, seats active (an editor checked the license at least once in the month) and
        activations refused because the license was already active on {ACTIVATION_LIMIT} machines. Past months are as
        recorded in their last days; this month is as of now.
      </Text>
      <Flex gap="3" mb="5" wrap="wrap">
        <Button asChild variant="soft" size="2">
          <a href={usageCsvUrl(company.id)} download>
            Download CSV
          </a>
        </Button>
      </Flex>
      {products.length === 0 ? (
        <Text as="p" size="3">
          {company.name} had no seats in these months.
        </Text>
      ) : (
        products.map((usage) => <UsageFigure key={usage.product} usage={usage} />)
      )}
    </Container>
  )
}
