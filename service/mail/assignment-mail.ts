/**
 * The mail a new holder of company licenses receives when "Send notification" is on: changeAssignment (company
 * licenses) and subscriptionAssign (a subscription's licenses) send the same one, after their transaction commits.
 */
import type { LicenseRow } from '../db/schema.js'
import type { Mail } from './mailer.js'
import { displayName } from '../../protocol/products.js'

export type ReceivedLicense = { row: LicenseRow; email: string }

/** One mail per new holder, listing the licenses it received and how to activate them. */
export function assignmentMails(
  received: ReadonlyArray<ReceivedLicense>,
  companyNames: ReadonlyMap<string, string>,
  assignedBy: string,
  publicUrl: string,
): Mail[] {
  const byEmail = new Map<string, LicenseRow[]>()
  for (const { row, email } of received) byEmail.set(email, [...(byEmail.get(email) ?? []), row])
  return [...byEmail].map(([email, rows]) => {
    const company = companyNames.get(rows[0].company_id ?? '') ?? 'your company'
    return {
      to: email,
      subject: `${company} has assigned you a license`,
      text: [
        'Hello,',
        '',
        `${assignedBy} has assigned you ${rows.length === 1 ? 'a license' : `${rows.length} licenses`} of ${company}:`,
        '',
        ...rows.map((row) => `- ${describe(row)}: ${row.license_key}`),
        '',
        "To activate, run the product's license activation command in your editor and enter the license key; we then",
        'email you a link that confirms the activation.',
        '',
        `Your licenses are listed at ${publicUrl}/manage once you sign in with this email address at ${publicUrl}/?email=${encodeURIComponent(email)}`,
      ].join('\n'),
    }
  })
}

function describe(row: LicenseRow): string {
  const expires = new Date(Number(row.expiration)).toISOString().slice(0, 10)
  const term =
    row.subscription_id === null
      ? `expires ${expires}`
      : row.lapsing === 1
        ? `ends with the current term on ${expires}`
        : `renews with the subscription (paid until ${expires})`
  return `${displayName({ productName: row.product_name, trial: row.trial === 1 })} (order ${row.order_id}, key ${row.key_number}), ${term}`
}

/**
 * One mail per former holder of company licenses taken back from them (a seat the directory freed, or unassigned by
 * hand), listing the licenses, so that nobody finds out from an editor that stopped working.
 */
export function unassignmentMails(
  released: ReadonlyArray<ReceivedLicense>,
  companyNames: ReadonlyMap<string, string>,
  unassignedBy: string,
): Mail[] {
  const byEmail = new Map<string, LicenseRow[]>()
  for (const { row, email } of released) byEmail.set(email, [...(byEmail.get(email) ?? []), row])
  return [...byEmail].map(([email, rows]) => {
    const company = companyNames.get(rows[0].company_id ?? '') ?? 'your company'
    return {
      to: email,
      subject: `${company} has unassigned your ${rows.length === 1 ? 'license' : 'licenses'}`,
      text: [
        'Hello,',
        '',
        `${unassignedBy} has unassigned ${rows.length === 1 ? 'a license' : `${rows.length} licenses`} of ${company} from you:`,
        '',
        ...rows.map(
          (row) => `- ${row.product_name} (order ${row.order_id}, key ${row.key_number}): ${row.license_key}`,
        ),
        '',
        'The license key no longer works for you. If you still need it, ask an administrator of your company.',
      ].join('\n'),
    }
  })
}
