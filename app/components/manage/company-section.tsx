import { Box, Heading, Text } from '@radix-ui/themes'
import type { Company } from '#protocol/entities'
import { companyCounts } from '#app/rules/company'
import { CompanyActions } from './company-actions'
import { LicenseTable } from './license-table'
import { SubscriptionList } from './subscription-list'

/** One company: its counts, subscriptions and licenses, and the company-wide actions its flags allow. */
type CompanySectionProps = {
  company: Company
  now: number
  showInactive: boolean
  admin: boolean
  email: string
  paging: { page: number; href: (page: number) => string }
}

export function CompanySection({ company, now, showInactive, admin, email, paging }: CompanySectionProps) {
  const counts = companyCounts(company, now)
  const headingId = `company-${company.id}`
  return (
    <Box asChild mb="6">
      <section aria-labelledby={headingId}>
        <Heading as="h2" size="5" mb="1" id={headingId}>
          {company.name}
        </Heading>
        <Text as="p" size="2" mb="3" color="gray">
          {counts.subscriptions} subscription(s) with {counts.unusedSubscriptionLicenses} unused license(s) ·{' '}
          {counts.licenses} license(s) with {counts.unassigned} unassigned
        </Text>
        <CompanyActions company={company} admin={admin} now={now} email={email} />
        {company.subscriptions.length ? (
          <SubscriptionList
            subscriptions={company.subscriptions}
            now={now}
            showInactive={showInactive}
            headingId={`${headingId}-subscriptions`}
            label={`${company.name} subscriptions`}
            company={company}
            admin={admin}
          />
        ) : null}
        <LicenseTable
          licenses={company.licenses.filter((l) => !l.subscription)}
          now={now}
          caption={`${company.name} licenses`}
          company={company}
          admin={admin}
          paging={paging}
        />
      </section>
    </Box>
  )
}
