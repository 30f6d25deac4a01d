import type { ReactNode } from 'react'
import { Link as RemixLink } from '@remix-run/react'
import { Code, DataList, Heading, Link, Strong, Text } from '#app/components/themes'
import { anchorId, helpHref, helpSections, type HelpHeading } from '#app/rules/help'

export type HelpSection = { heading: HelpHeading; id: string; href: string; body: ReactNode }

function P({ children }: { children: ReactNode }) {
  return (
    <Text as="p" size="3" mb="3">
      {children}
    </Text>
  )
}

function List({ children, ordered = false }: { children: ReactNode; ordered?: boolean }) {
  const Tag = ordered ? 'ol' : 'ul'
  return <Tag className="help-list">{children}</Tag>
}

function Li({ children }: { children: ReactNode }) {
  return (
    <Text size="3" asChild>
      <li>{children}</li>
    </Text>
  )
}

function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h3" size="4" mt="4" mb="2">
      {children}
    </Heading>
  )
}

function PortalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild underline="always">
      <RemixLink to={to}>{children}</RemixLink>
    </Link>
  )
}

const VERIFY_COMMAND = `# offline-key.txt: one offline key, or a company's downloaded list of them
npm run editor -- verify --file offline-key.txt --url https://<this portal>

# On a machine without a network: save /offline-public-keys.json once, then
npm run editor -- verify --file offline-key.txt --keys offline-public-keys.json`

// Keyed by heading, so the compiler insists on a text for each of the nine headings; their order is the rule's.
const bodies: Record<HelpHeading, ReactNode> = {
  'Logging In': (
    <>
      <P>
        Sign in on the <PortalLink to="/">home page</PortalLink> with the email address your licenses are registered to,
        or that a company has assigned a license to.
      </P>
      <List ordered>
        <Li>
          Under <Strong>Sign in using email</Strong>, enter your email address and select <Strong>Send Link</Strong>.
        </Li>
        <Li>
          Open the email we send you and follow the sign-in link. If it does not arrive within a few minutes, check your
          junk or spam folder.
        </Li>
      </List>
      <P>
        A sign-in link is valid for 24 hours and can be used only once; request a new one when it has expired or has
        been used. Your session lasts up to 24 hours and ends when you close all of your browser&apos;s windows.
      </P>
      <P>
        Instead of an emailed link you can use <Strong>Or continue with</Strong> and sign in with GitHub or Google. Once
        a GitHub or Google account is linked to your email address, signing in by emailed link is switched off for that
        address, and the page answers &ldquo;The email address is not allowed to authenticate using an email link;
        please use another method below.&rdquo; If you prefer to keep both methods, open{' '}
        <Strong>Account Settings</Strong> from the account menu and set the email-link option to <Strong>Always</Strong>{' '}
        instead of <Strong>Only when OAuth not linked</Strong>.
      </P>
      <P>
        If the page says &ldquo;The email address provided is not the owner of any licenses.&rdquo;, check the address
        for typos, or ask your company&apos;s license administrator which address your license is assigned to.
      </P>
    </>
  ),
  'Logging Out': (
    <>
      <P>
        Select your avatar at the top right of the page to open the account menu, then select <Strong>Log Out</Strong>.
        Your session ends at once and you return to the sign-in page.
      </P>
      <P>
        You are also logged out automatically 24 hours after signing in, when you close all of your browser&apos;s
        windows, and after you request a change of your email address. On a shared computer, always log out when you
        have finished.
      </P>
    </>
  ),
  'Activating Licenses': (
    <>
      <P>
        Console Ninja PRO, Wallaby and Quokka are activated from inside your editor. Each license can be active on up to
        3 machines at the same time.
      </P>
      <List ordered>
        <Li>
          In your editor, run the product&apos;s license activation command and enter your license key. Your license
          keys are listed on <PortalLink to="/manage">Manage Licenses</PortalLink>, in the <Strong>License Key</Strong>
          column of each license table; its <Strong>Copy</Strong> button puts the key on the clipboard. A company
          license assigned to you is listed among your own licenses.
        </Li>
        <Li>
          We email an activation link to the license&apos;s email address (for a company license, to the team member the
          license is assigned to). Open it within 24 hours.
        </Li>
        <Li>
          The page confirms the activation by itself and shows <Strong>License Activation Confirmed</Strong>. You may
          close your browser; the editor picks up the activation.
        </Li>
      </List>
      <P>
        If the license is already in use on 3 machines, the page shows <Strong>Too Many Activations</Strong> with the
        machines it is active on (host name and activation time). Select the machines to deactivate and select{' '}
        <Strong>Proceed</Strong>; the new machine is then activated in their place.
      </P>
      <P>
        If the page says &ldquo;Your activation link has expired.&rdquo; or &ldquo;No pending activations found for your
        activation link.&rdquo;, start the activation again from your editor to receive a new link.
      </P>
    </>
  ),
  'Offline Activation': (
    <>
      <P>
        Machines without internet access are activated with an offline key instead of an emailed link. On{' '}
        <PortalLink to="/manage">Manage Licenses</PortalLink>, use the offline key action of a license, or{' '}
        <Strong>Offline Keys</Strong> in a company&apos;s section to get the keys of all of its licenses at once,
        grouped by order. Copy a key, or download it as a file, and enter it in your editor&apos;s offline activation.
      </P>
      <P>
        Offline keys are not available for Open Source licenses, trial licenses and monthly subscriptions. A license
        that belongs to an annual subscription has one; other subscription licenses have one only while more than 90
        days remain until they expire. An offline key ends when its license expires: after renewing, download a new one.
      </P>
      <SubHeading>How an offline key is verified</SubHeading>
      <P>
        An offline key is a signed license. It holds the license&apos;s facts (its license key, product, owner, order
        and key number, and expiry), signed by the vendor with an Ed25519 key, so the editor can check it without a
        network connection. The key text is the signing key&apos;s id, a dot, <Code>base64url(JSON facts)</Code>, a dot,
        then <Code>base64url(signature)</Code>. The signature covers the JSON facts and is checked with the public key
        the id names. Changing a single character of the facts makes the check fail.
      </P>
      <P>
        The vendor&apos;s public keys are published at{' '}
        <Link href="/offline-public-keys.json" underline="always">
          /offline-public-keys.json
        </Link>{' '}
        with their ids: the key that signs new offline keys and the keys it replaced, so offline keys stay valid when
        the signing key is changed. The current key alone is also at{' '}
        <Link href="/offline-public-key.pem" underline="always">
          /offline-public-key.pem
        </Link>
        .
      </P>
      <P>
        To check a key the way the editor does, use the editor command of the License Portal&apos;s source with Node.js
        20 or later. It prints the license of each key and whether it is valid:
      </P>
      <pre className="help-code">
        <code>{VERIFY_COMMAND}</code>
      </pre>
    </>
  ),
  'Renewing Licenses': (
    <>
      <P>
        On <PortalLink to="/manage">Manage Licenses</PortalLink>, use the renew action of a license to open the renewal
        checkout in a new tab. A company subscription&apos;s licenses renew with the subscription and have no renew
        action. A license of your own subscription can be renewed on its own: it then leaves the subscription, which is
        cancelled when the renewal is paid (the checkout says so). Open Source, trial and promotional licenses cannot be
        renewed. For enterprise and multi-user licenses the renew action opens an email to our sales team.
      </P>
      <P>
        To renew several company licenses at once, select <Strong>Bulk Renew/Co-term</Strong> in the company&apos;s
        section. The <Strong>Renew/Co-term Multiple Licenses Request</Strong> lists the licenses with their product,
        order number, key number, assignee and expiry date; all of them start selected. Clear the ones you do not want
        and select <Strong>Renew</Strong>. Renewing together co-terms the licenses: they all move to one common expiry
        date.
      </P>
      <P>
        After a renewal, the new expiry date reaches your editors within up to 1 hour. A license that expired less than
        60 days ago can still be renewed with the full renewal discount until 60 days after its expiry date; the notice
        at the top of Manage Licenses shows that deadline.
      </P>
      <P>
        Renewing company licenses needs a role that may renew: Reseller Administrator, Reseller Manager or Company
        Administrator.
      </P>
    </>
  ),
  'Buying New Licenses': (
    <>
      <P>
        Buy a subscription on the product&apos;s purchase page:{' '}
        <PortalLink to="/shop/console-ninja/buy/">Console Ninja PRO</PortalLink>,{' '}
        <PortalLink to="/shop/wallaby/buy/">Wallaby</PortalLink> or{' '}
        <PortalLink to="/shop/quokka/buy/">Quokka</PortalLink>. Signed-in company administrators and resellers also find{' '}
        <Strong>Buy New Licenses</Strong> and <Strong>New Subscription</Strong> in their company&apos;s section.
      </P>
      <List ordered>
        <Li>
          Choose <Strong>Monthly</Strong> or <Strong>Annually</Strong> billing (annual prices are shown per month).
        </Li>
        <Li>
          Choose <Strong>Personal</Strong> for yourself, or <Strong>Organization</Strong> for a team and the number of
          users (1 to 100).
        </Li>
        <Li>
          Enter your name (the company name for organizations), your email address and country, and a zip or post code
          where your country requires one, then select <Strong>Continue</Strong> and pay.
        </Li>
      </List>
      <P>
        The licenses are added to the account of the email address you entered; sign in with it to see them. A payment
        held for manual review is usually decided within 1 to 2 hours, at most 12. Annual subscriptions can be refunded
        within 7 days; monthly subscriptions are not refunded.
      </P>
    </>
  ),
  'Assigning / Unassigning Company Licenses': (
    <>
      <P>
        A company license is used by the team member it is assigned to, identified by email address. Personal licenses
        cannot be assigned. Assigning needs a role that may assign licenses (see{' '}
        <PortalLink to={helpHref('Company License - Permissions')}>Company License - Permissions</PortalLink>
        ).
      </P>
      <SubHeading>One license</SubHeading>
      <P>
        On <PortalLink to="/manage">Manage Licenses</PortalLink>, use the assign action of a company license, enter the
        team member&apos;s email address and confirm. Use unassign to free the license again; it can then be assigned to
        someone else. Enterprise and multi-user licenses cannot be assigned (&ldquo;Cannot assign this license
        type&rdquo;).
      </P>
      <SubHeading>Many licenses at once</SubHeading>
      <P>
        Select <Strong>Bulk Assign</Strong> in the company&apos;s section, choose the product, and enter the email
        addresses that should hold a license, separated by line breaks, commas or semicolons. Licenses held by addresses
        that are not in the list are unassigned. Before anything changes, the portal shows what will happen, for example
        &ldquo;2 licenses will be unassigned and 3 licenses will be assigned.&rdquo;, and names everyone who loses their
        license; select <Strong>Update</Strong> to apply it. Only licenses that have not expired are used. Leave{' '}
        <Strong>Send notification email for new assignments</Strong> selected to tell new assignees by email.
      </P>
      <P>
        For licenses of a subscription, use the subscription&apos;s manage assignments action; there the addresses can
        be separated by new lines, commas or semicolons.
      </P>
    </>
  ),
  'Company License - Permissions': (
    <>
      <P>
        Who may manage a company&apos;s licenses is set under <Strong>Permissions</Strong> in the company&apos;s
        section. It lists each person&apos;s email address and role. Select <Strong>Add User</Strong>, enter the email
        address, choose a role (Company Manager unless you choose otherwise) and select <Strong>Save</Strong>; leave{' '}
        <Strong>Send notification to user</Strong> selected to tell them by email. Use <Strong>Remove</Strong> to take a
        person&apos;s role away.
      </P>
      <P>There are four roles:</P>
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }} mb="4" className="help-roles">
        <DataList.Item>
          <DataList.Label>Reseller Administrator</DataList.Label>
          <DataList.Value>
            Can view all, purchase and renew for a reseller, and add or remove reseller and company permissions.
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Reseller Manager</DataList.Label>
          <DataList.Value>Can purchase and renew for a reseller.</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Company Administrator</DataList.Label>
          <DataList.Value>
            Can assign, purchase and renew, and add or remove Company Administrators and Company Managers.
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Company Manager</DataList.Label>
          <DataList.Value>Can only assign licenses to and from users.</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      <P>
        Reseller roles can be given only by a Reseller Administrator. A company always keeps someone in charge: the last
        administrator cannot be removed (&ldquo;Cannot remove the last administrator&rdquo;), the last Reseller
        Administrator cannot be removed, and a Company Administrator can be removed only while another Reseller
        Administrator or Company Administrator remains.
      </P>
    </>
  ),
  'Personal License - Change of Email Address': (
    <>
      <P>
        If you hold personal licenses, you can move them to another email address. (Company licenses are moved by
        assigning them to the new address instead.)
      </P>
      <List ordered>
        <Li>
          Open the account menu with your avatar and select <Strong>Change Email Address</Strong>.
        </Li>
        <Li>Enter the new email address twice and confirm. The new address must differ from the current one.</Li>
        <Li>
          We send a confirmation link to the new address and you are logged out. Until you confirm, everything stays
          with your current address.
        </Li>
        <Li>
          Open the link from the new mailbox. The page confirms the change by itself and shows{' '}
          <Strong>Change Confirmed</Strong>. Your licenses, subscriptions and linked sign-in accounts now belong to the
          new address; sign in with it from now on.
        </Li>
      </List>
      <P>
        If the page shows <Strong>Error Processing Email Confirmation Request</Strong>, the link has expired or is not
        valid: sign in with your current address and request the change again.
      </P>
    </>
  ),
}

export const helpPageSections: HelpSection[] = helpSections.map((heading) => ({
  heading,
  id: anchorId(heading),
  href: helpHref(heading),
  body: bodies[heading],
}))
