// The mails to new and former holders of company licenses, sent after the change commits.
import type { LicenseRow } from '../db/schema.js'
import type { Mail } from './mailer.js'
import { labelled } from '../../protocol/shared/text.js'
import { displayName } from '../../protocol/catalog/products.js'

export type ReceivedLicense = { row: LicenseRow; email: string }

export function assignmentMails(
  received: ReadonlyArray<ReceivedLicense>,
  companyNames: ReadonlyMap<string, string>,
  assignedBy: string,
  publicUrl: string,
): Mail[] {
  const byEmail = new Map<string, LicenseRow[]>()
  for (const { row, email } of received) byEmail.set(email, [...(byEmail.get(email) ?? []), row])
  return [...byEmail].map(([email, rows]) => {
    const company = companyOf(rows[0], companyNames)
    return {
      to: email,
      subject: `${capitalized(company)} has assigned you a license`,
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

/** The company's name is text from outside: quoted on one line and labelled. */
function companyOf(row: LicenseRow, companyNames: ReadonlyMap<string, string>): string {
  const name = companyNames.get(row.company_id ?? '')
  return name === undefined ? 'your company' : labelled('the company', name, 80)
}

const capitalized = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`

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

/** So that nobody finds out from an editor that stopped working. */
export function unassignmentMails(
  released: ReadonlyArray<ReceivedLicense>,
  companyNames: ReadonlyMap<string, string>,
  unassignedBy: string,
): Mail[] {
  const byEmail = new Map<string, LicenseRow[]>()
  for (const { row, email } of released) byEmail.set(email, [...(byEmail.get(email) ?? []), row])
  return [...byEmail].map(([email, rows]) => {
    const company = companyOf(rows[0], companyNames)
    return {
      to: email,
      subject: `${capitalized(company)} has unassigned your ${rows.length === 1 ? 'license' : 'licenses'}`,
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
