import { Box, Button, Flex, Heading, Text } from '#app/components/themes'
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { companyToContinueTo } from '#app/utils/company-sign-in.server'

/** On to the company's provider: a refresh without script, a replace with it (Back returns to the sign-in page). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = await companyToContinueTo(request)
  if (!url) throw redirect('/')
  return json({ to: url.href, host: url.host }, { headers: { 'Cache-Control': 'no-store' } })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: 'Signing in | License Portal' },
  ...(data ? [{ httpEquiv: 'refresh', content: `0;url=${data.to}` }] : []),
]

export default function ContinueToCompany() {
  const { to, host } = useLoaderData<typeof loader>()
  useEffect(() => window.location.replace(to), [to])
  return (
    <Flex direction="column" align="center" px="4" py="8">
      <Box style={{ maxWidth: 560, width: '100%' }}>
        <Heading as="h1" size="6" mb="3">
          Signing in with your company’s single sign-on
        </Heading>
        <Text as="p" size="3" mb="4" role="status">
          Going on to {host}…
        </Text>
        <Button asChild size="3">
          <a href={to}>Continue to {host}</a>
        </Button>
      </Box>
    </Flex>
  )
}
