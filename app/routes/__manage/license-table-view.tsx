import { Button, Flex, Text, TextField } from '#app/components/themes'
import { Form, Link, useNavigate } from '@remix-run/react'
import { useEffect, useId, useRef, type FormEvent } from 'react'
import { pageSizes, type LicenseFilter } from '#protocol/licenses/windows'
import {
  filterChoicesFor,
  filterParam,
  otherViewFields,
  searchParam,
  showingText,
  sizeParam,
  viewHref,
  type TableView,
} from '#app/rules/license-windows'
import type { LicensePage } from '#app/rules/manage-view'
import { NativeSelect } from './shared/dialog-parts'

/** How long typing pauses before the table follows the search (script only). */
const TYPING_PAUSE_MS = 300

type Props = { licenses: LicensePage; caption: string; search: string }

/** A table's search, filter and size: a GET form without script; with script the table follows as you type. */
export function LicenseTableSearch({ licenses, caption, search }: Props) {
  const { table } = licenses
  const navigate = useNavigate()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  // Back and Forward change the URL under the form: the field shows the URL's search unless it is being typed in.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = licenses.search
  }, [licenses.search])

  const follow = (form: HTMLFormElement, pause: number) => {
    clearTimeout(timer.current)
    const data = new FormData(form)
    const change: Partial<TableView> = {
      search: String(data.get(searchParam(table)) ?? '').trim(),
      filter: String(data.get(filterParam(table)) ?? 'all') as LicenseFilter,
      pageSize: Number(data.get(sizeParam(table))),
    }
    timer.current = setTimeout(
      () => navigate(viewHref(search, table, change), { replace: true, preventScrollReset: true }),
      pause,
    )
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    follow(event.currentTarget, 0)
  }

  return (
    <Form
      method="get"
      action="/manage"
      role="search"
      aria-label={`Search ${caption}`}
      onSubmit={onSubmit}
      onChange={(event) => follow(event.currentTarget, event.target instanceof HTMLInputElement ? TYPING_PAUSE_MS : 0)}
      preventScrollReset
    >
      {otherViewFields(search, table).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Flex gap="3" align="end" wrap="wrap" mb="2">
        <Flex direction="column" gap="1" maxWidth="100%">
          <Text as="label" size="2" htmlFor={`${id}-search`}>
            Search {caption}
          </Text>
          <TextField.Root
            ref={input}
            id={`${id}-search`}
            type="search"
            name={searchParam(table)}
            defaultValue={licenses.search}
            maxLength={100}
            placeholder="Email, product, order or key"
            autoComplete="off"
            // Wide enough for the whole placeholder, never wider than a phone's screen.
            style={{ width: '19rem', maxWidth: '100%' }}
          />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" htmlFor={`${id}-filter`}>
            Show
          </Text>
          {/* Keyed by the URL's filter: a link to another filter (not only this select) changes what it shows. */}
          <NativeSelect
            key={licenses.filter}
            id={`${id}-filter`}
            name={filterParam(table)}
            defaultValue={licenses.filter}
          >
            {filterChoicesFor(table).map((choice) => (
              <option key={choice.filter} value={choice.filter}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" htmlFor={`${id}-size`}>
            Rows per page
          </Text>
          <NativeSelect id={`${id}-size`} name={sizeParam(table)} defaultValue={String(licenses.pageSize)}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </Flex>
        <Button type="submit" variant="soft">
          Search
        </Button>
      </Flex>
    </Form>
  )
}

/** "Showing 51–100 of 9,812 matching", announced when it changes. */
export function LicenseTableCount({ licenses }: { licenses: LicensePage }) {
  return (
    <Text as="p" size="2" mb="2" role="status">
      {showingText(licenses)}
    </Text>
  )
}

/** First, previous, a few page numbers, next and last: links, so they work without script. */
export function LicensePaging({ licenses, caption, search }: Props) {
  const { table, page, pages } = licenses
  if (pages <= 1) return null
  const href = (to: number) => viewHref(search, table, { page: to })
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === pages || Math.abs(p - page) <= 2,
  )
  return (
    <Flex asChild gap="3" align="center" wrap="wrap" mb="4">
      <nav aria-label={`${caption} pages`}>
        {page > 1 ? (
          <>
            <Link to={href(1)} preventScrollReset>
              First page
            </Link>
            <Link to={href(page - 1)} preventScrollReset>
              Previous page
            </Link>
          </>
        ) : null}
        {numbers.map((p) =>
          p === page ? (
            <Text key={p} size="2" weight="bold" aria-current="page">
              {p}
            </Text>
          ) : (
            <Link key={p} to={href(p)} preventScrollReset>
              {p}
            </Link>
          ),
        )}
        {page < pages ? (
          <>
            <Link to={href(page + 1)} preventScrollReset>
              Next page
            </Link>
            <Link to={href(pages)} preventScrollReset>
              Last page
            </Link>
          </>
        ) : null}
      </nav>
    </Flex>
  )
}
