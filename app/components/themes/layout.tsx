import { forwardRef, type ComponentPropsWithoutRef, type CSSProperties } from 'react'
import { join, Slot, splitSpace, type AccentColor, type MarginProps, type PaddingProps } from './props'

type Div = Omit<ComponentPropsWithoutRef<'div'>, 'color'> & MarginProps & PaddingProps & { asChild?: boolean }

export function Box({ asChild, className, ...props }: Div) {
  const { space, style, rest } = splitSpace(props)
  const Comp = asChild ? Slot : 'div'
  return <Comp {...rest} style={style} className={join('rt-Box', space, className)} />
}

const justifyClass = new Map([
  ['start', 'rt-r-jc-start'],
  ['center', 'rt-r-jc-center'],
  ['end', 'rt-r-jc-end'],
  ['between', 'rt-r-jc-space-between'],
])

type FlexProps = Div & {
  direction?: 'row' | 'column' | 'row-reverse' | 'column-reverse'
  align?: 'start' | 'center' | 'end' | 'baseline' | 'stretch'
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
        direction && `rt-r-fd-${direction}`,
        align && `rt-r-ai-${align}`,
        justify && justifyClass.get(justify),
        wrap && `rt-r-fw-${wrap}`,
        gap && `rt-r-gap-${gap}`,
        space,
        maxWidth !== undefined && 'rt-r-max-w',
        className,
      )}
    />
  )
})

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
