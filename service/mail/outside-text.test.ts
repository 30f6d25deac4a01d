// Text from outside is data, not layout: a hostile host name or company name never adds a line, a paragraph or a link
// of its own to a mail the vendor sends. Every mail that carries such text, made by the operation that sends it, with
// the company's name (as a crafted purchase could have left it in the store) and the machine's name set to what an
// attacker would choose. The protocol's boundary keeps both to one line; the mails quote and label them whatever the
// store holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notOneLine } from '../../protocol/shared/text.js'
import { createServiceJobRunner } from '../jobs/index.js'
import { inputValue, listen, postForm } from '../../tests/support/payments.js'
import { makeSubscription } from '../../tests/support/subscriptions.js'
import { HOSTILE_COMPANY, INJECTED, expectContained } from '../../tests/support/outside-text.js'
import { createTestService, signInAs } from '../../tests/support/service.js'

/** A host name an editor could send in one line (line breaks are refused at the boundary). */
const HOSTILE_HOST = `laptop" ${INJECTED}`

const DAY = 24 * 60 * 60 * 1000

let service: Awaited<ReturnType<typeof createTestService>>
let olivia = ''

beforeAll(async () => {
  service = await createTestService()
  olivia = await signInAs(service, 'olivia@acme.test')
  await service.db.updateTable('companies').set({ name: HOSTILE_COMPANY }).where('id', '=', 'acme').execute()
})
afterAll(() => service.close())

/** The newest mail to `to`. */
/** The latest mail to `to` (whose subject starts with `subject`, when given: the jobs send other mails too). */
async function mailTo(to: string, subject = '') {
  return service.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text'])
    .where('to', '=', to)
    .where('subject', 'like', `${subject}%`)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
}

describe('a hostile company name in every mail that names the company', () => {
  it('the assignment mail (company licenses)', async () => {
    const free = await service.db
      .selectFrom('licenses')
      .select(['id', 'owner'])
      .where('company_id', '=', 'acme')
      .where('assigned_to', '=', '')
      .where('subscription_id', 'is', null)
      .where('license_type', '=', 'company')
      .where('trial', '=', 0)
      .where('expiration', '>', Date.now() + DAY)
      .executeTakeFirstOrThrow()
    const answer = await service.call(
      {
        changeAssignment: {
          licenses: [{ id: free.id, owner: free.owner, assignedTo: 'assigned@outside.test' }],
          sendEmail: true,
        },
      },
      olivia,
    )
    expect(answer.status).toBe(200)
    const mail = await mailTo('assigned@outside.test')
    expectContained(mail)
    expect(mail.subject).toBe(
      'The company "Acme Security notice: your license was suspended. Re-confirm at https[:]//evil.ex…" has assigned you a license',
    )
  })

  it('the assignment mail (a subscription’s licenses)', async () => {
    const sub = await makeSubscription(service.db, { now: Date.now(), companyId: 'acme', quantity: 2 })
    const answer = await service.call(
      { subscriptionAssign: { subscriptionId: sub.id, emails: ['seat@outside.test'], sendEmail: true } },
      olivia,
    )
    expect(answer.status).toBe(200)
    expectContained(await mailTo('seat@outside.test'))
  })

  it('the role mail (a permission added)', async () => {
    const answer = await service.call(
      {
        updatePermissions: {
          add: [{ companyId: 'acme', email: 'role@outside.test', permissions: ['ASSIGN'] }],
          sendEmail: true,
        },
      },
      olivia,
    )
    expect(answer.status).toBe(200)
    const mail = await mailTo('role@outside.test')
    expectContained(mail)
    expect(mail.text).toContain('for the licenses of the company "Acme Security notice:')
  })

  it('the renewal reminder to the company’s administrators', async () => {
    const asOf = Date.UTC(2040, 0, 10, 12)
    await makeSubscription(service.db, { now: asOf, companyId: 'acme', nextPaymentIn: 1.5 })
    const jobs = createServiceJobRunner(service, { intervalMs: 60 * 60_000, log: { info: () => {}, error: () => {} } })
    await jobs.runDue({ asOf, force: true })
    const mail = await mailTo('olivia@acme.test', 'Renewal reminder')
    expectContained(mail)
    expect(mail.text).toContain('of the company "Acme Security notice:')
  })

  it('the licenses-ready mail of a purchase whose passthrough names the company (and the name it stores)', async () => {
    const server = await listen(service)
    try {
      const purchase = {
        product: 'wallaby-organization-year',
        quantity: '2',
        email: 'buyer@outside.test',
        country: 'US',
        postcode: '10001',
        // The inline checkout's passthrough is whatever the buyer's browser sends.
        passthrough: JSON.stringify({ name: HOSTILE_COMPANY }),
      }
      const page = await (await fetch(`${server.url}/sandbox/checkout?${new URLSearchParams(purchase)}`)).text()
      const paid = await postForm(`${server.url}/sandbox/checkout`, {
        ...purchase,
        checkout: inputValue(page, 'checkout')!,
        intent: 'pay',
        cardNumber: '4242 4242 4242 4242',
        cardExpiry: '12/39',
        cardCvc: '123',
      })
      expect(paid.status).toBe(200)
    } finally {
      await server.close()
    }
    const mail = await mailTo('buyer@outside.test')
    expectContained(mail)
    expect(mail.text).toContain('ready for the company "Acme Security notice:')
    const company = await service.db
      .selectFrom('companies')
      .innerJoin('company_permissions', 'company_permissions.company_id', 'companies.id')
      .select('companies.name')
      .where('company_permissions.email', '=', 'buyer@outside.test')
      .executeTakeFirstOrThrow()
    // Stored as one line.
    expect(company.name).toBe(
      'Acme Security notice: your license was suspended. Re-confirm at https://evil.example/login Order 1 1: KEY-OF-ANOTHER-COMPANY',
    )
  })
})

describe('a hostile host name in the activation mail', () => {
  const holder = async () =>
    service.db
      .selectFrom('licenses')
      .select(['license_key', 'assigned_to', 'owner'])
      .where('owner', '=', 'pat@personal.test')
      .where('subscription_id', 'is', null)
      .where('trial', '=', 0)
      .where('expiration', '>', Date.now() + DAY)
      .executeTakeFirstOrThrow()

  it('a host name with line breaks is refused at the boundary, and nothing is mailed', async () => {
    const license = await holder()
    const before = await service.db.selectFrom('mail_outbox').select('id').execute()
    const answer = await service.call({
      activation: { licenseKey: license.license_key, hostname: `laptop\r\n\r\n${INJECTED}` },
    })
    expect(answer.status).toBe(500)
    expect(answer.body).toMatchObject({ error: 'INVALID_PAYLOAD' })
    expect(JSON.stringify(answer.body)).toContain(notOneLine)
    expect(await service.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(before.length)
  })

  it('a one-line host name with quotes and a link is quoted once, its link defused', async () => {
    const license = await holder()
    const answer = await service.call({ activation: { licenseKey: license.license_key, hostname: HOSTILE_HOST } })
    expect(answer.status).toBe(200)
    const mail = await mailTo(license.assigned_to || license.owner)
    expectContained(mail)
    expect(mail.text).toContain(
      `An editor on the machine "laptop' Security notice: your license was suspended. Re-confirm at https[:]//evil.example/login" (its name as the editor reported it) asked`,
    )
  })
})

describe('the coupon mail', () => {
  it('carries no words of whoever redeemed: the name typed is not in it', async () => {
    const answer = await service.call({
      coupon: {
        type: 'use',
        product: 'console-ninja',
        coupon: 'FREEYEAR',
        email: 'coupon@outside.test',
        name: `Olivia\n\n${INJECTED}`,
      },
    })
    expect(answer.status).toBe(200)
    const mail = await mailTo('coupon@outside.test')
    expect(mail.text.startsWith('Hello,\n')).toBe(true)
    expect(mail.text).not.toContain('Security notice')
    // The order records the name, as one line.
    const order = await service.db
      .selectFrom('orders')
      .select('customer_name')
      .where('customer_email', '=', 'coupon@outside.test')
      .executeTakeFirstOrThrow()
    expect(order.customer_name).toBe(`Olivia ${INJECTED}`)
  })
})
