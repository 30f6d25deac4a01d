import {
  Children,
  cloneElement,
  forwardRef,
  isValidElement,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react'
import type { TextProps } from '@radix-ui/themes'

// What the components share: Radix Themes' space scale written as its classes, its accent colours, and `asChild`.

export type Space = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'

/** The accent colours, as Radix names them (a type only: no Radix script is loaded). */
export type AccentColor = NonNullable<TextProps['color']>

export type MarginProps = {
  m?: Space
  mx?: Space | 'auto'
  my?: Space
  mt?: Space
  mr?: Space
  mb?: Space
  ml?: Space
}
export type PaddingProps = { p?: Space; px?: Space; py?: Space; pt?: Space; pr?: Space; pb?: Space; pl?: Space }

const marginNames = ['m', 'mx', 'my', 'mt', 'mr', 'mb', 'ml'] as const
const paddingNames = ['p', 'px', 'py', 'pt', 'pr', 'pb', 'pl'] as const
/** Padding first: the order of Radix's classes. */
const spaceNames = [...paddingNames, ...marginNames]
const splitNames = new Set<string>([...spaceNames, 'style'])

/** A prop Radix takes per breakpoint: `{ initial: 'column', sm: 'row' }`. */
export type Responsive<T extends string> = T | Partial<Record<'initial' | 'xs' | 'sm' | 'md' | 'lg' | 'xl', T>>

/** `rt-r-fd-column sm:rt-r-fd-row`: a class per breakpoint, the first without a prefix. */
export function responsive(name: string, value: Responsive<string> | undefined, map?: Map<string, string>) {
  if (value === undefined) return undefined
  const named = (v: string) => map?.get(v) ?? v
  if (typeof value === 'string') return `rt-r-${name}-${named(value)}`
  const classes: string[] = []
  for (const [point, v] of Object.entries(value))
    if (v !== undefined) classes.push(`${point === 'initial' ? '' : `${point}:`}rt-r-${name}-${named(v)}`)
  return classes.join(' ')
}

export const join = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ') || undefined

/** A component's size, variant and contrast, as Radix's classes. */
export const look = (size: string, variant: string, highContrast?: boolean) =>
  join(`rt-r-size-${size}`, `rt-variant-${variant}`, highContrast && 'rt-high-contrast')

/** Splits the space props (`mt="3"`, `mx="auto"`) off a component's props, as Radix's classes. */
export function splitSpace<P extends MarginProps & PaddingProps & { style?: CSSProperties }>(props: P) {
  const classes: string[] = []
  let style = props.style
  for (const name of spaceNames) {
    const value = props[name]
    if (value === undefined) continue
    if (value === 'auto') {
      classes.push(`rt-r-${name}`)
      style = { '--ml': 'auto', '--mr': 'auto', ...style } as CSSProperties
    } else classes.push(`rt-r-${name}-${value}`)
  }
  // Copied without the split names rather than deleted from a copy: `delete` leaves an object React reads slowly.
  const rest: Record<string, unknown> = {}
  for (const key in props) if (!splitNames.has(key)) rest[key] = props[key]
  return { space: classes.join(' '), style, rest: rest as Omit<P, keyof MarginProps | keyof PaddingProps | 'style'> }
}

/** `asChild`: the one child element takes the component's props; classes and styles are merged, the child's win. */
export const Slot = forwardRef<HTMLElement, { children?: ReactNode; className?: string; style?: CSSProperties }>(
  function Slot({ children, ...props }, ref) {
    const child = Children.only(children)
    if (!isValidElement<{ className?: string; style?: CSSProperties }>(child)) return null
    return cloneElement(child as ReactElement<Record<string, unknown>>, {
      ...props,
      ...child.props,
      className: join(props.className, child.props.className),
      style: props.style || child.props.style ? { ...props.style, ...child.props.style } : undefined,
      ...(ref ? { ref } : {}),
    })
  },
)
