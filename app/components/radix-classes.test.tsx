import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { Badge, Box, Button, Card, Flex, Link, Table, Text, Theme } from '@radix-ui/themes'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { accent, rt } from './radix-classes'

// The plain elements of the repeated parts of /manage (and the frame's, root.tsx's theme root) copy what Radix Themes
// renders. These tests render the components themselves, so an upgrade of Radix that changes its markup fails here
// instead of silently unstyling the page.

/** The outermost element's classes (as a set) and accent attribute. */
function rootOf(element: ReactElement) {
  const tag = renderToStaticMarkup(element).match(/^<[^>]+>/)?.[0] ?? ''
  const attribute = (name: string) => tag.match(new RegExp(`${name}="([^"]*)"`))?.[1]
  return {
    classes: new Set((attribute('class') ?? '').split(/\s+/).filter(Boolean)),
    accent: attribute('data-accent-color'),
  }
}
const classes = (names: string) => new Set(names.split(' '))

describe('radix-classes: each constant is what its component renders', () => {
  const cases: Array<[keyof typeof rt, ReactElement]> = [
    ['flexRowWrap', <Flex key="" gap="2" wrap="wrap" align="center" />],
    ['flexColumn1', <Flex key="" direction="column" gap="1" />],
    ['text1', <Text key="" size="1" />],
    ['text2', <Text key="" size="2" />],
    ['text2Mt1', <Text key="" size="2" mt="1" />],
    ['textBold', <Text key="" weight="bold" />],
    ['link', <Link key="" size="2" href="/" />],
    ['linkUnderlined', <Link key="" size="2" underline="always" href="/" />],
    ['softButton1', <Button key="" size="1" variant="soft" />],
    ['box', <Box key="" />],
    ['card1', <Card key="" size="1" />],
    ['flexBetweenWrap', <Flex key="" justify="between" wrap="wrap" gap="2" />],
    ['flexRowWrapMt1', <Flex key="" gap="2" align="center" wrap="wrap" mt="1" />],
    ['badge', <Badge key="" />],
    ['badgeMl2', <Badge key="" ml="2" />],
  ]
  it.each(cases)('%s', (name, element) => {
    expect(rootOf(element).classes).toEqual(classes(rt[name]))
  })

  it('the table parts', () => {
    const table = renderToStaticMarkup(
      <Table.Root>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>h</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <Table.Row>
            <Table.RowHeaderCell>r</Table.RowHeaderCell>
            <Table.Cell>c</Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>,
    )
    for (const name of [
      'tableHeader',
      'tableBody',
      'tableRow',
      'columnHeaderCell',
      'rowHeaderCell',
      'tableCell',
    ] as const)
      expect(table).toContain(`class="${rt[name]}"`)
  })

  it('buttons and links carry the empty accent attribute that `accent` spreads', () => {
    expect(rootOf(<Button />).accent).toBe(accent['data-accent-color'])
    expect(rootOf(<Link href="/" />).accent).toBe(accent['data-accent-color'])
    expect(rootOf(<Text color="red" />).accent).toBe('red')
  })

  it('the theme root of root.tsx has the attributes of <Theme>', () => {
    const html = renderToStaticMarkup(
      <Theme appearance="dark" accentColor="indigo" grayColor="slate" radius="medium">
        x
      </Theme>,
    )
    const root = fs.readFileSync(path.join(import.meta.dirname, '..', 'root.tsx'), 'utf8')
    for (const [, name, value] of html.match(/^<div([^>]*)>/)![1].matchAll(/ ([a-z-]+)="([^"]*)"/g)) {
      if (name === 'class') expect(value).toBe('radix-themes dark')
      else if (name !== 'style') expect(root).toContain(`${name}="${value}"`)
    }
  })
})

describe('every Radix class name written out in app/ is one Radix Themes styles or renders', () => {
  const require = createRequire(import.meta.url)
  const css = fs.readFileSync(require.resolve('@radix-ui/themes/styles.css'), 'utf8')
  // Some class names are hooks Radix renders without a rule of their own (`rt-DialogScroll`): its components' code.
  const componentsDir = path.join(path.dirname(require.resolve('@radix-ui/themes/styles.css')), 'dist/esm/components')
  const components = fs
    .readdirSync(componentsDir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => fs.readFileSync(path.join(componentsDir, f), 'utf8'))
    .join('\n')
  const appDir = path.join(import.meta.dirname, '..')
  const files = (fs.readdirSync(appDir, { recursive: true }) as string[]).filter(
    (f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f),
  )
  const used = new Map<string, string>()
  for (const file of files) {
    const text = fs.readFileSync(path.join(appDir, file), 'utf8')
    for (const [name] of text.matchAll(/(?<![\w-])(?:(?:xs|sm|md|lg|xl):)?rt-[A-Za-z][\w-]*/g)) used.set(name, file)
  }

  it('finds the names to check', () => {
    expect(used.size).toBeGreaterThan(20)
  })
  it.each([...used])('%s (in %s)', (name) => {
    const underline = name.match(/^rt-underline-(\w+)$/)?.[1]
    if (underline) {
      // A link's underline class is made from the prop's value.
      const props = { underline: underline as 'none' }
      expect(rootOf(<Link href="/" {...props} />).classes).toContain(name)
    } else {
      const styled = css.includes(`.${name.replace(':', '\\:')}`)
      const rendered = new RegExp(`["\\s]${name}["\\s]`).test(components)
      expect(styled || rendered, `${name} is neither in Radix's stylesheet nor in its components`).toBe(true)
    }
  })
})
