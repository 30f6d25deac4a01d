import { Box, Heading, Text } from '#app/components/themes'
import type { Company } from '#protocol/entities'
import type { SubscriptionSeats } from '#protocol/licenses/window-reads'
import { companyCountsText, type CompanyCounts } from '#app/rules/seat-counts'
import { sectionCompany, type LicensePage } from '#app/rules/manage-view'
import { CompanyActions } from './company-actions'
import { LicenseTable } from './license-table'
import { SubscriptionList } from './subscription-list'
import { anchors } from './shared/anchors'

/** One company: its counts, subscriptions and licenses (the window the service read), and its actions. */
type CompanySectionProps = {
  company: Company
  counts: CompanyCounts
  subscriptionSeats: readonly SubscriptionSeats[]
  licenses: LicensePage
  now: number
  showInactive: boolean
  admin: boolean
  email: string
  /** Each table's view lives in it. */
  search: string
}

export function CompanySection({
  company,
  counts,
  subscriptionSeats,
  licenses,
  now,
  showInactive,
  admin,
  email,
  search,
}: CompanySectionProps) {
  const headingId = anchors.company(company.id)
  return (
    <Box asChild mb="6">
      <section aria-labelledby={headingId}>
        <Heading as="h2" size="5" mb="1" id={headingId} tabIndex={-1} className="return-point">
          {company.name}
        </Heading>
        <Text as="p" size="2" mb="3" color="gray">
          {companyCountsText(counts)}
        </Text>
        <CompanyActions company={sectionCompany(company, licenses.rows)} admin={admin} now={now} email={email} />
        {company.subscriptions.length ? (
          <SubscriptionList
            subscriptions={company.subscriptions}
            seats={subscriptionSeats}
            now={now}
            showInactive={showInactive}
            headingId={`${headingId}-subscriptions`}
            label={`${company.name} subscriptions`}
            company={company}
            admin={admin}
          />
        ) : null}
        <LicenseTable
          licenses={licenses}
          now={now}
          caption={`${company.name} licenses`}
          company={company}
          admin={admin}
          search={search}
        />
      </section>
    </Box>
  )
}
