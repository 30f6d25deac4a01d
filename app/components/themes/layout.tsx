import { forwardRef, type ComponentPropsWithoutRef, type CSSProperties, type ReactNode } from 'react'
import {
  join,
  responsive,
  Slot,
  splitSpace,
  type AccentColor,
  type MarginProps,
  type PaddingProps,
  type Responsive,
} from './props'

type Div = Omit<ComponentPropsWithoutRef<'div'>, 'color'> & MarginProps & PaddingProps & { asChild?: boolean }

export function Box({ asChild, className, ...props }: Div) {
  const { space, style, rest } = splitSpace(props)
  const Comp = asChild ? Slot : 'div'
  return <Comp {...rest} style={style} className={join('rt-Box', space, className)} />
}

const justifyName = new Map([['between', 'space-between']])

type FlexProps = Div & {
  direction?: Responsive<'row' | 'column' | 'row-reverse' | 'column-reverse'>
  align?: Responsive<'start' | 'center' | 'end' | 'baseline' | 'stretch'>
  justify?: 'start' | 'center' | 'end' | 'between'
  wrap?: 'nowrap' | 'wrap' | 'wrap-reverse'
  gap?: MarginProps['mt']
  maxWidth?: string
}

export const Flex = forwardRef<HTMLDivElement, FlexProps>(function Flex(
  { asChild, className, direction, align, justify, wrap, gap, maxWidth, ...props },
  ref,
) {
  const { space, style, rest } = splitSpace(props)
  const Comp = asChild ? Slot : 'div'
  return (
    <Comp
      {...rest}
      ref={ref}
      style={maxWidth === undefined ? style : ({ '--max-width': maxWidth, ...style } as CSSProperties)}
      className={join(
        'rt-Flex',
        responsive('fd', direction),
        responsive('ai', align),
        responsive('jc', justify, justifyName),
        wrap && `rt-r-fw-${wrap}`,
        gap && `rt-r-gap-${gap}`,
        space,
        maxWidth !== undefined && 'rt-r-max-w',
        className,
      )}
    />
  )
})

type Columns = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'

export function Grid({
  asChild,
  columns,
  gap,
  className,
  ...props
}: Div & { columns?: Responsive<Columns>; gap?: MarginProps['mt'] }) {
  const { space, style, rest } = splitSpace(props)
  const Comp = asChild ? Slot : 'div'
  return (
    <Comp
      {...rest}
      style={style}
      className={join('rt-Grid', responsive('gtc', columns), gap && `rt-r-gap-${gap}`, space, className)}
    />
  )
}

export function Container({ size = '4', className, children, ...props }: Div & { size?: '1' | '2' | '3' | '4' }) {
  const { space, style, rest } = splitSpace(props)
  return (
    <div {...rest} style={style} className={join('rt-Container', `rt-r-size-${size}`, space, className)}>
      <div className="rt-ContainerInner">{children}</div>
    </div>
  )
}

type CardProps = Div & { size?: '1' | '2' | '3' | '4' | '5'; variant?: 'surface' | 'classic' | 'ghost' }

export function Card({ size = '1', variant = 'surface', asChild, className, ...props }: CardProps) {
  const { space, style, rest } = splitSpace(props)
  const Comp = asChild ? Slot : 'div'
  return (
    <Comp
      {...rest}
      style={style}
      className={join('rt-reset rt-BaseCard rt-Card', `rt-r-size-${size}`, `rt-variant-${variant}`, space, className)}
    />
  )
}

type SeparatorProps = Omit<ComponentPropsWithoutRef<'span'>, 'color'> &
  MarginProps & { size?: '1' | '2' | '3' | '4'; orientation?: 'horizontal' | 'vertical'; color?: AccentColor }

/** A decorative rule, as Radix's (no role: a screen reader skips it). */
export function Separator({
  size = '1',
  orientation = 'horizontal',
  color = 'gray',
  className,
  ...props
}: SeparatorProps) {
  const { space, style, rest } = splitSpace(props)
  return (
    <span
      data-accent-color={color}
      {...rest}
      style={style}
      className={join('rt-Separator', `rt-r-orientation-${orientation}`, `rt-r-size-${size}`, space, className)}
    />
  )
}

/** Radix Themes' `<Theme>` root without its tooltip and direction providers: unused, and they would add floating-ui. */
export function Theme({ appearance, children }: { appearance: 'light' | 'dark'; children: ReactNode }) {
  return (
    <div
      data-is-root-theme="true"
      data-accent-color="indigo"
      data-gray-color="slate"
      data-has-background="true"
      data-panel-background="translucent"
      data-radius="medium"
      data-scaling="100%"
      className={join('radix-themes', appearance)}
    >
      {children}
    </div>
  )
}
