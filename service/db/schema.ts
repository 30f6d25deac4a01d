// Table types of the service's store (Kysely); booleans are 0/1 and times epoch ms, for SQLite and PostgreSQL alike.
// The core tables are here; a room's own tables are in its `tables.ts`, joined below into the one `Database`.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { AuthTables } from '../auth/tables.js'
import type { CompanySignInTables } from '../company-sign-in/tables.js'
import type { DirectoryTables } from '../directory/tables.js'
import type { DispatchTables } from '../dispatch/tables.js'
import type { JobTables } from '../jobs/tables.js'
import type { PaymentTables } from '../payments/tables.js'
import type { ReclaimTables } from '../reclaim/tables.js'
import type { SubscriptionTables } from '../subscriptions/tables.js'
import type { UsageTables } from '../usage/tables.js'
import type { WebhookTables } from '../webhooks/tables.js'

export interface AccountTable {
  email: string
  admin: number
  logon_link: 'default' | 'always'
  github_id: string | null
  google_id: string | null
  created_at: number
  /** "Email me before renewals and expiries" (Account Settings): 1 (the default) or 0. */
  renewal_reminders: Generated<number>
}

export interface CompanyTable {
  id: string
  name: string
  created_at: number
}

export interface CompanyPermissionTable {
  company_id: string
  email: string
  /** Comma-separated role codes: ADMIN, RESELLER, ASSIGN. */
  permissions: string
  created_at: number
}

export interface OrderTable {
  id: string
  /** Company id for company orders, account email for personal ones. */
  owner: string
  company_id: string | null
  customer_name: string
  customer_email: string
  referrer: string | null
  currency: string
  amount: number
  provider_checkout_id: string | null
  receipt_url: string | null
  created_at: number
}

export interface LicenseTable {
  id: string
  /** Company id for company licenses, account email for personal ones. */
  owner: string
  company_id: string | null
  order_id: string
  license_key: string
  key_number: number
  product_name: string
  product_group: 'bundle' | 'wallaby' | 'quokka' | 'other'
  license_type: 'personal' | 'company'
  expiration: number
  assigned_to: string
  is_multi_user: number
  trial: number
  promotional: number
  subscription_id: string | null
  billing_period: 'month' | 'year' | null
  lapsing: number
  created_at: number
}

export interface SubscriptionTable {
  id: string
  owner: string
  company_id: string | null
  state: 'active' | 'paused' | 'pastDue' | 'deleted'
  product_name: string
  product_group: 'bundle' | 'wallaby' | 'quokka' | 'other'
  plan_id: string
  billing_period: 'month' | 'year'
  quantity: number
  next_payment_date: number | null
  next_payment_amount: number | null
  currency: string
  unit_price: number
  payment_method: 'paypal' | 'card' | null
  card_type: string | null
  last_four: string | null
  card_expiry: string | null
  update_url: string | null
  special_offer: string | null
  pending_change: string | null
  provider_subscription_id: string | null
  order_id: string
  created_at: number
  updated_at: number
}

export interface PaymentTable {
  id: string
  subscription_id: string | null
  order_id: string | null
  date: number
  currency: string
  amount: number
  receipt_url: string
}

export interface ActivationTable {
  id: string
  license_id: string
  hostname: string
  status: 'pending' | 'active' | 'deactivated'
  requested_at: number
  activation_time: number | null
  /** The last activation or license check from the machine (migration 0030). */
  last_seen: number | null
  deactivated_at: number | null
  deactivated_by: string | null
  /** 1: a deactivation from My machines, counted against the budget. */
  counted: Generated<number>
}

export interface CouponTable {
  code: string
  product: string
  months: number
  expires_at: number | null
  redeemed_by: string | null
  redeemed_at: number | null
  created_at: number
}

export interface TokenTable {
  /** The token's id (jti); the signed token itself is never stored. */
  id: string
  purpose: 'login' | 'email_change' | 'activation'
  email: string
  /** The account the link acts on; a newer link of its purpose revokes this one. Null for activation links. */
  account: string | null
  data: string | null
  issued_at: number
  used_at: number | null
  /** When a newer link or a completed change of email replaced it unused. */
  revoked_at: number | null
  /** Which of the two (null for links revoked before it was recorded). */
  revoked_by: LinkRevocation | null
}

export type LinkRevocation = 'newer-link' | 'email-change'

export interface ServiceSessionTable {
  /** SHA-256 of the bearer credential. */
  id: string
  email: string
  created_at: number
  expires_at: number
  revoked_at: number | null
}

export interface MailTable {
  id: Generated<number>
  to: string
  subject: string
  text: string
  created_at: number
  sent_at: number | null
  /** Failed SMTP deliveries so far; the process retries with backoff until it succeeds or gives up. */
  attempts: Generated<number>
  /** When the next delivery attempt is due (null: none planned — sent, given up, or no SMTP configured). */
  next_attempt_at: number | null
  /** The last delivery error (the SMTP server's answer), for the operator. */
  last_error: string | null
}

export interface WebhookEventTable {
  alert_id: string
  alert_name: string
  received_at: number
}

export interface OAuthStateTable {
  state: string
  provider: 'github' | 'google'
  code_verifier: string
  callback: string
  /** Set when a signed-in account links the provider rather than signing in. */
  link_email: string | null
  created_at: number
  used_at: number | null
}

export interface ActivityEntryTable {
  id: Generated<number>
  /** The company whose log holds the entry (null: an account's own log only). */
  company_id: string | null
  /** The account whose own log holds the entry (a personal holder's email changes, sign-in methods, activations). */
  account_email: string | null
  kind: string
  /** Who made the change: an account email, "platform administrator" or "payment provider". */
  actor: string
  summary: string
  /** JSON array of sentences: one per license or person when a change touches several. */
  details: string
  created_at: number
}

export interface ActivityPersonTable {
  entry_id: number
  email: string
}

export interface CompanyDomainTable {
  company_id: string
  /** Normalized (lower-case, ASCII). */
  domain: string
  /** The value the domain's TXT record carries after `license-portal-verification=`. */
  token: string
  status: 'pending' | 'verified'
  claimed_by: string
  claimed_at: number
  verified_at: number | null
  /** The last DNS check: when, its outcome and what it found, in words. */
  checked_at: number | null
  check_outcome: 'found' | 'missing' | 'failed' | null
  check_message: string | null
  /** When a re-check of a verified domain first missed the record (null: it did not, or it is back). */
  failing_since: number | null
}

export interface DomainAutoJoinTable {
  company_id: string
  domain: string
  product: string
  enabled_by: string
  enabled_at: number
}

export interface Database
  extends
    AuthTables,
    CompanySignInTables,
    DirectoryTables,
    DispatchTables,
    JobTables,
    PaymentTables,
    ReclaimTables,
    SubscriptionTables,
    UsageTables,
    WebhookTables {
  accounts: AccountTable
  companies: CompanyTable
  company_permissions: CompanyPermissionTable
  orders: OrderTable
  licenses: LicenseTable
  subscriptions: SubscriptionTable
  payments: PaymentTable
  activations: ActivationTable
  coupons: CouponTable
  tokens: TokenTable
  service_sessions: ServiceSessionTable
  mail_outbox: MailTable
  webhook_events: WebhookEventTable
  oauth_states: OAuthStateTable
  activity_entries: ActivityEntryTable
  activity_people: ActivityPersonTable
  company_domains: CompanyDomainTable
  domain_auto_join: DomainAutoJoinTable
}

export type LicenseRow = Selectable<LicenseTable>
export type NewLicense = Insertable<LicenseTable>
export type SubscriptionRow = Selectable<SubscriptionTable>
export type NewSubscription = Insertable<SubscriptionTable>
export type SubscriptionUpdate = Updateable<SubscriptionTable>
export type AccountRow = Selectable<AccountTable>
