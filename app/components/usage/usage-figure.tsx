import { Box, Flex, Heading, Table, Text } from '#app/components/themes'
import { useId } from 'react'
import type { ProductUsage } from '#protocol/usage/usage'
import { chartScale, figureText, monthLabel, productLabel, usageSeries } from '#app/rules/usage'

const WIDTH = 720
const HEIGHT = 250
/** Room for a tick's figure ("10,000") and a month at the larger label size of a narrow chart (app.css). */
const PLOT = { left: 72, right: 8, top: 12, bottom: 32 }
/** One colour per series, from the theme's scales so that both themes draw them, and one pattern: told apart without colour. */
const colours = ['var(--indigo-9)', 'var(--amber-9)', 'var(--teal-9)', 'var(--crimson-9)'] as const
const patternId = (id: string, s: number) => `${id.replace(/[^a-z0-9-]/gi, '')}-series-${s}`

/** Solid, diagonal stripes, dots, cross-hatch: each series' fill, in the chart and in its key. */
function SeriesPatterns({ id }: { id: string }) {
  const ink = 'var(--gray-1)'
  return (
    <defs>
      {colours.map((colour, s) => (
        <pattern key={colour} id={patternId(id, s)} width="6" height="6" patternUnits="userSpaceOnUse">
          <rect width="6" height="6" fill={colour} />
          {s === 1 ? <path d="M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2" stroke={ink} strokeWidth="1.5" /> : null}
          {s === 2 ? <circle cx="3" cy="3" r="1.4" fill={ink} /> : null}
          {s === 3 ? <path d="M0,0 L6,6 M6,0 L0,6" stroke={ink} strokeWidth="1.2" /> : null}
        </pattern>
      ))}
    </defs>
  )
}

/** A product's last months as an SVG bar chart drawn on the server (named, each bar titled) beside the same table. */
export function UsageFigure({ usage }: { usage: ProductUsage }) {
  const id = useId()
  const name = productLabel(usage)
  return (
    <Box asChild mb="6">
      <section aria-labelledby={`${id}-heading`}>
        <Heading as="h2" size="5" mb="3" id={`${id}-heading`}>
          {name}
        </Heading>
        <Flex gap="5" wrap="wrap" align="start">
          <UsageChart usage={usage} id={id} name={name} />
          <UsageTable usage={usage} name={name} />
        </Flex>
      </section>
    </Box>
  )
}

function UsageChart({ usage, id, name }: { usage: ProductUsage; id: string; name: string }) {
  const { max, ticks } = chartScale(usage)
  const plotWidth = WIDTH - PLOT.left - PLOT.right
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom
  const groupWidth = plotWidth / usage.months.length
  const barWidth = groupWidth / (usageSeries.length + 1)
  const y = (value: number) => PLOT.top + plotHeight - (value / max) * plotHeight
  const first = usage.months[0]
  const last = usage.months.at(-1)
  return (
    <Box asChild style={{ flex: '1 1 420px', maxWidth: WIDTH, margin: 0 }}>
      <figure className="usage-chart">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title`}
          width="100%"
          data-chart="usage"
        >
          <title id={`${id}-title`}>
            {`${name}: seats bought, assigned and active and activations refused at the limit, ${first ? monthLabel(first.month) : ''} to ${last ? monthLabel(last.month) : ''} (the table beside the chart has the figures)`}
          </title>
          <SeriesPatterns id={id} />
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PLOT.left}
                x2={WIDTH - PLOT.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="var(--gray-6)"
                strokeWidth={1}
              />
              <text x={PLOT.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="var(--gray-11)">
                {tick.toLocaleString('en-US')}
              </text>
            </g>
          ))}
          {usage.months.map((m, i) => (
            <g key={m.month} data-month={m.month}>
              {usageSeries.map((series, s) => {
                const value = m[series.key]
                if (value === null) return null
                const top = y(value)
                return (
                  <rect
                    key={series.key}
                    data-series={series.key}
                    data-value={value}
                    x={PLOT.left + i * groupWidth + barWidth / 2 + s * barWidth}
                    y={top}
                    width={barWidth}
                    height={PLOT.top + plotHeight - top}
                    fill={`url(#${patternId(id, s)})`}
                    stroke="var(--gray-12)"
                    strokeWidth={0.75}
                    data-pattern={s}
                  >
                    <title>{`${series.label}, ${monthLabel(m.month)}: ${figureText(value)}`}</title>
                  </rect>
                )
              })}
              <text
                x={PLOT.left + (i + 0.5) * groupWidth}
                y={HEIGHT - PLOT.bottom + 20}
                textAnchor="middle"
                fontSize={11}
                fill="var(--gray-11)"
              >
                {monthLabel(m.month, true).split(' ')[0]}
              </text>
            </g>
          ))}
        </svg>
        <Flex asChild gap="4" wrap="wrap" m="0" p="0" style={{ listStyle: 'none' }}>
          <figcaption>
            {usageSeries.map((series, s) => (
              <Flex key={series.key} gap="1" align="center">
                <svg width="14" height="14" aria-hidden="true">
                  <rect
                    width="13"
                    height="13"
                    x="0.5"
                    y="0.5"
                    fill={`url(#${patternId(id, s)})`}
                    stroke="var(--gray-12)"
                  />
                </svg>
                <Text size="1">{series.label}</Text>
              </Flex>
            ))}
          </figcaption>
        </Flex>
      </figure>
    </Box>
  )
}

function UsageTable({ usage, name }: { usage: ProductUsage; name: string }) {
  return (
    <Box style={{ flex: '1 1 420px', overflowX: 'auto' }}>
      <Table.Root size="1" variant="surface">
        <caption className="visually-hidden">{`${name}: usage by month`}</caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell scope="col">Month</Table.ColumnHeaderCell>
            {usageSeries.map((series) => (
              <Table.ColumnHeaderCell key={series.key} scope="col" justify="end">
                {series.label}
              </Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {usage.months.map((m) => (
            <Table.Row key={m.month} data-month={m.month}>
              <Table.RowHeaderCell scope="row">{monthLabel(m.month)}</Table.RowHeaderCell>
              {usageSeries.map((series) => (
                <Table.Cell key={series.key} data-series={series.key} justify="end">
                  {figureText(m[series.key])}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  )
}
