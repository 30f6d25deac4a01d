import { Box, Button, Code, Flex, Heading, Link, Text } from '@radix-ui/themes'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Alert, BackLink, textAreaStyle } from '#app/components/manage/company/dialog-parts'
import {
  offlineKeyFileName,
  offlineKeyLine,
  offlineKeysText,
  textFileHref,
} from '#app/components/manage/company/offline-keys-text'
import { RouteDialog } from '#app/components/route-dialog'
import { labels } from '#app/rules/messages'
import type { DialogProps } from '../dialogs'
import type { OfflineKeyDialogData, OfflineKeysDialogData } from './offline-keys.server'

const helpLink = (
  <Link href="/help/#offline-activation" underline="always">
    how offline activation works
  </Link>
)

/** Copies text with script; without script the text stays selectable in the page. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const hydrated = useHydrated()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  if (!hydrated) return null
  return (
    <>
      <Button
        type="button"
        variant="soft"
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }}
      >
        {label}
      </Button>
      <Text size="2" role="status">
        {state === 'copied'
          ? 'Copied.'
          : state === 'failed'
            ? 'Copying is not allowed here; select the text and copy it.'
            : ''}
      </Text>
    </>
  )
}

/** One license's offline key (spec §2, §5): as text to copy and as a file to download. */
export function OfflineKeyDialog({ data, closeTo }: DialogProps) {
  const d = data as OfflineKeyDialogData
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
  const textId = 'offline-key-text'
  return (
    <RouteDialog
      title="Offline Key"
      description={`${entry.product}, order ${entry.order}, key ${entry.key}`}
      closeTo={closeTo}
      raised
      maxWidth="640px"
    >
      <Flex direction="column" gap="2">
        <label htmlFor={textId}>
          <Text size="2" weight="medium">
            Offline key
          </Text>
        </label>
        <textarea
          id={textId}
          readOnly
          rows={6}
          value={entry.licenseKey}
          style={{ ...textAreaStyle, wordBreak: 'break-all' }}
        />
        <Text as="p" size="2" color="gray">
          Enter it in your editor&apos;s offline activation. See {helpLink}.
        </Text>
        <Flex gap="3" justify="end" align="center" mt="2" wrap="wrap">
          <CopyButton text={entry.licenseKey} label="Copy key" />
          <Button asChild variant="soft">
            <a
              href={textFileHref(entry.licenseKey + '\n')}
              download={offlineKeyFileName('offline-key', entry.order, entry.key)}
            >
              Download key
            </a>
          </Button>
          <BackLink to={closeTo}>{labels.close}</BackLink>
        </Flex>
      </Flex>
    </RouteDialog>
  )
}

/** The company's Offline Keys (spec §2): keys grouped by order, sorted by order then key, parts separated by ": ". */
export function OfflineKeysDialog({ data, closeTo }: DialogProps) {
  const d = data as OfflineKeysDialogData
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
  const text = offlineKeysText(d.company.name, d.groups)
  return (
    <RouteDialog
      title={title}
      description={`${d.company.name}: the offline keys of its licenses, by order.`}
      closeTo={closeTo}
      raised
      maxWidth="760px"
    >
      {d.groups.length === 0 ? (
        <Text as="p" size="2" mb="3">
          None of this company&apos;s licenses has an offline key.
        </Text>
      ) : (
        <Box
          style={{ maxHeight: '55vh', overflowY: 'auto' }}
          mb="3"
          tabIndex={0}
          aria-label="Offline keys by order"
          role="region"
        >
          {d.groups.map((group) => (
            <Box key={group.order} mb="3">
              <Heading as="h3" size="2" mb="1">
                Order {group.order}
              </Heading>
              <ul className="plain-list">
                {group.keys.map((entry) => (
                  <li key={entry.key}>
                    <Text as="span" size="1" color="gray">
                      {entry.product}
                    </Text>{' '}
                    <Code size="1" variant="ghost" style={{ wordBreak: 'break-all' }}>
                      {offlineKeyLine(entry)}
                    </Code>
                  </li>
                ))}
              </ul>
            </Box>
          ))}
        </Box>
      )}
      <Text as="p" size="2" color="gray" mb="2">
        See {helpLink}.
      </Text>
      <Flex gap="3" justify="end" align="center" wrap="wrap">
        {d.groups.length > 0 ? (
          <>
            <CopyButton text={text} label="Copy all keys" />
            <Button asChild variant="soft">
              <a href={textFileHref(text)} download={offlineKeyFileName('offline-keys', d.company.name)}>
                Download all keys
              </a>
            </Button>
          </>
        ) : null}
        <BackLink to={closeTo}>{labels.close}</BackLink>
      </Flex>
    </RouteDialog>
  )
}
