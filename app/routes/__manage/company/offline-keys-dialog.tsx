import { Box, Button, Code, Flex, Heading, Link, Text } from '#app/components/themes'
import { Alert, BackLink, textAreaStyle } from '#app/routes/__manage/shared/dialog-parts'
import {
  OFFLINE_KEYS_PAGE_SIZE,
  offlineKeyFileName,
  offlineKeyLine,
  offlineKeysText,
  textFileHref,
} from '#app/routes/__manage/company/offline-keys-text'
import { CopyAnnouncement, CopyButton, useCopyList } from '#app/components/copy-text'
import { RouteDialog } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages/labels'
import type { DialogProps } from '../shared/registry'
import { Link as RemixLink } from '@remix-run/react'
import type { OfflineKeyDialogData, OfflineKeyEntry, OfflineKeysDialogData } from './offline-keys.server'
import { Field } from '#app/components/forms'

const helpLink = (
  <Link href="/help/#offline-activation" underline="always">
    how offline activation works
  </Link>
)

/** Spec §2, §5: as text to copy and as a file to download. */
export function OfflineKeyDialog({ data: d, closeTo }: DialogProps<OfflineKeyDialogData>) {
  if (d.kind === 'error') {
    return (
      <RouteDialog title="Offline Key" closeTo={closeTo} raised maxWidth="560px">
        <Alert>{d.message}</Alert>
        <Flex justify="end">
          <BackLink to={closeTo}>{labels.close}</BackLink>
        </Flex>
      </RouteDialog>
    )
  }
  const { entry } = d
  return <OneOfflineKey entry={entry} closeTo={closeTo} />
}

function OneOfflineKey({ entry, closeTo }: { entry: OfflineKeyEntry; closeTo: string }) {
  const textId = 'offline-key-text'
  const copy = useCopyList<HTMLDivElement>()
  return (
    <RouteDialog title="Offline Key" description={entryWords(entry)} closeTo={closeTo} raised maxWidth="640px">
      <Flex direction="column" gap="2" ref={copy.container}>
        <LicenseKey entry={entry} id="offline-key-license-key" copy={copy} />
        <Field id={textId} label="Offline key" gap="2">
          <textarea
            id={textId}
            readOnly
            rows={6}
            value={entry.offlineKey}
            style={{ ...textAreaStyle, wordBreak: 'break-all' }}
          />
        </Field>
        <Text as="p" size="2" color="gray">
          Enter it in your editor&apos;s offline activation. See {helpLink}.
        </Text>
        <Flex gap="3" justify="end" align="center" mt="2" wrap="wrap">
          <CopyButton
            text={entry.offlineKey}
            shows={textId}
            label={`Copy offline key of ${entryWords(entry)}`}
            list={copy}
          />
          <Button asChild variant="soft">
            <a
              href={textFileHref(entry.offlineKey + '\n')}
              download={offlineKeyFileName('offline-key', entry.order, entry.key)}
            >
              Download key
            </a>
          </Button>
          <BackLink to={closeTo}>{labels.close}</BackLink>
        </Flex>
        <CopyAnnouncement message={copy.message} />
      </Flex>
    </RouteDialog>
  )
}

type CopyList = ReturnType<typeof useCopyList>

/** As the table row's controls name it. */
const entryWords = (entry: OfflineKeyEntry) => `${entry.product}, order ${entry.order}, key ${entry.key}`

/** The one the editor is activated with online. */
function LicenseKey({ entry, id, copy }: { entry: OfflineKeyEntry; id: string; copy: CopyList }) {
  return (
    <Text as="p" size="2">
      License key{' '}
      <Code size="2" variant="ghost" id={id}>
        {entry.licenseKey}
      </Code>{' '}
      <CopyButton text={entry.licenseKey} shows={id} label={`Copy license key of ${entryWords(entry)}`} list={copy} />
    </Text>
  )
}

/** Spec §2. */
export function OfflineKeysDialog({ data: d, closeTo }: DialogProps<OfflineKeysDialogData>) {
  const title = labels.offlineKeys
  if (d.kind === 'error') {
    return (
      <RouteDialog title={title} description={d.company.name} closeTo={closeTo} raised maxWidth="560px">
        <Alert>{d.message}</Alert>
        <Flex justify="end">
          <BackLink to={closeTo}>{labels.close}</BackLink>
        </Flex>
      </RouteDialog>
    )
  }
  const { kind: _keys, ...keys } = d
  return <CompanyOfflineKeys {...keys} closeTo={closeTo} />
}

type CompanyOfflineKeysProps = Omit<Extract<OfflineKeysDialogData, { kind: 'keys' }>, 'kind'> & { closeTo: string }

/** "Keys 101–200 of 1,234". */
function shownWords(page: number, shown: number, total: number) {
  const first = (page - 1) * OFFLINE_KEYS_PAGE_SIZE + 1
  return `Keys ${first.toLocaleString('en-US')}–${(first + shown - 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`
}

function CompanyOfflineKeys(props: CompanyOfflineKeysProps) {
  const { company, groups, total, page, pages, download, previous, next, closeTo } = props
  const text = offlineKeysText(company.name, groups)
  const copy = useCopyList<HTMLDivElement>()
  const listId = 'offline-keys-list'
  const shown = groups.reduce((n, group) => n + group.keys.length, 0)
  return (
    <RouteDialog
      title={labels.offlineKeys}
      description={`${company.name}: the offline keys of its licenses, by order.`}
      closeTo={closeTo}
      raised
      maxWidth="760px"
    >
      <div ref={copy.container}>
        {groups.length === 0 ? (
          <Text as="p" size="2" mb="3">
            None of this company&apos;s licenses has an offline key.
          </Text>
        ) : (
          <>
            {pages > 1 ? (
              <Text as="p" size="2" mb="2" id="offline-keys-shown">
                {shownWords(page, shown, total)}
              </Text>
            ) : null}
            <Box
              style={{ maxHeight: '55vh', overflowY: 'auto' }}
              mb="3"
              tabIndex={0}
              aria-label="Offline keys by order"
              role="region"
              id={listId}
            >
              {groups.map((group) => (
                <Box key={group.order} mb="3">
                  <Heading as="h3" size="2" mb="1">
                    Order {group.order}
                  </Heading>
                  <ul className="plain-list">
                    {group.keys.map((entry) => (
                      <li key={entry.key}>
                        <Text as="span" size="1" color="gray">
                          {entry.product}
                        </Text>
                        <LicenseKey
                          entry={entry}
                          id={`offline-keys-license-key-${group.order}-${entry.key}`}
                          copy={copy}
                        />
                        <Code size="1" variant="ghost" style={{ wordBreak: 'break-all' }}>
                          {offlineKeyLine(entry)}
                        </Code>
                      </li>
                    ))}
                  </ul>
                </Box>
              ))}
            </Box>
            {pages > 1 ? (
              <nav aria-label="Pages of offline keys">
                <Flex gap="3" mb="3" align="center">
                  {previous ? <PageLink to={previous}>Previous keys</PageLink> : null}
                  <Text size="2">
                    Page {page} of {pages}
                  </Text>
                  {next ? <PageLink to={next}>Next keys</PageLink> : null}
                </Flex>
              </nav>
            ) : null}
          </>
        )}
        <Text as="p" size="2" color="gray" mb="2">
          See {helpLink}.
        </Text>
        <Flex gap="3" justify="end" align="center" wrap="wrap">
          {groups.length > 0 ? (
            <>
              <CopyButton
                text={text}
                shows={listId}
                label={pages > 1 ? 'Copy the offline keys of this page' : 'Copy all offline keys'}
                list={copy}
              />
              <Button asChild variant="soft">
                {/* A document request, not a client-side navigation: the file streams from the server. */}
                <a href={download.href} download={download.fileName}>
                  Download all keys
                </a>
              </Button>
            </>
          ) : null}
          <BackLink to={closeTo}>{labels.close}</BackLink>
        </Flex>
        <CopyAnnouncement message={copy.message} />
      </div>
    </RouteDialog>
  )
}

function PageLink({ to, children }: { to: string; children: string }) {
  return (
    <Link asChild size="2">
      <RemixLink to={to} preventScrollReset>
        {children}
      </RemixLink>
    </Link>
  )
}
