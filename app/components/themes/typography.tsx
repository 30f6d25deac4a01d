import {
  forwardRef,
  type ComponentPropsWithoutRef,
  type HTMLAttributes,
  type LabelHTMLAttributes,
  type ReactElement,
  type RefAttributes,
} from 'react'
import { join, Slot, splitSpace, type AccentColor, type MarginProps } from './props'

type Size = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
type TextStyle = {
  size?: Size
  weight?: 'light' | 'regular' | 'medium' | 'bold'
  align?: 'left' | 'center' | 'right'
  trim?: 'normal' | 'start' | 'end' | 'both'
  color?: AccentColor
  highContrast?: boolean
}

/** The classes Text, Heading and Link share, in Radix's order. */
const textClasses = (s: TextStyle) =>
  join(
    s.size && `rt-r-size-${s.size}`,
    s.weight && `rt-r-weight-${s.weight}`,
    s.align && `rt-r-ta-${s.align}`,
    s.trim && `rt-r-lt-${s.trim}`,
    s.highContrast && 'rt-high-contrast',
  )

type TextProps = Omit<HTMLAttributes<HTMLElement>, 'color'> &
  Pick<LabelHTMLAttributes<HTMLLabelElement>, 'htmlFor'> &
  MarginProps &
  TextStyle & { as?: 'span' | 'p' | 'label' | 'div'; asChild?: boolean }
type HeadingProps = Omit<TextProps, 'as'> & { as?: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' }

/** Text and Heading: one render, Radix's class and default element and size for each. */
function typeset(base: 'rt-Text' | 'rt-Heading', fallback: { as: string; size?: Size }) {
  return forwardRef<HTMLElement, TextProps | HeadingProps>(function Typeset(props, ref) {
    const { space, style, rest } = splitSpace(props)
    const {
      as: Tag = fallback.as,
      asChild,
      size = fallback.size,
      weight,
      align,
      trim,
      color,
      highContrast,
      className,
      ...own
    } = rest
    const Comp = asChild ? Slot : Tag
    return (
      <Comp
        data-accent-color={color}
        {...own}
        ref={ref}
        style={style}
        className={join(base, textClasses({ size, weight, align, trim, highContrast }), space, className)}
      />
    )
  })
}

export const Text = typeset('rt-Text', { as: 'span' }) as (
  props: TextProps & RefAttributes<HTMLElement>,
) => ReactElement
export const Heading = typeset('rt-Heading', { as: 'h1', size: '6' }) as (
  props: HeadingProps & RefAttributes<HTMLHeadingElement>,
) => ReactElement

export function Strong({ className, ...props }: ComponentPropsWithoutRef<'strong'>) {
  return <strong {...props} className={join('rt-Strong', className)} />
}

type CodeProps = Omit<ComponentPropsWithoutRef<'code'>, 'color'> &
  Pick<TextStyle, 'size' | 'weight' | 'color' | 'highContrast'> & {
    variant?: 'solid' | 'soft' | 'outline' | 'ghost'
  }

export function Code({ size, weight, color, highContrast, variant = 'soft', className, ...props }: CodeProps) {
  return (
    <code
      // Radix: a ghost code takes the text's colour unless given one.
      data-accent-color={variant === 'ghost' ? color : (color ?? '')}
      {...props}
      className={join(
        'rt-reset rt-Code',
        size && `rt-r-size-${size}`,
        `rt-variant-${variant}`,
        weight && `rt-r-weight-${weight}`,
        highContrast && 'rt-high-contrast',
        className,
      )}
    />
  )
}

type LinkProps = Omit<ComponentPropsWithoutRef<'a'>, 'color'> &
  MarginProps &
  Pick<TextStyle, 'size' | 'weight' | 'trim' | 'color' | 'highContrast'> & {
    underline?: 'auto' | 'hover' | 'always' | 'none'
    asChild?: boolean
  }

export function Link(props: LinkProps) {
  const { space, style, rest } = splitSpace(props)
  const { asChild, size, weight, trim, color, highContrast, underline = 'auto', className, ...own } = rest
  const Comp = asChild ? Slot : 'a'
  return (
    <Comp
      data-accent-color={color ?? ''}
      {...own}
      style={style}
      className={join(
        'rt-Text rt-reset rt-Link',
        textClasses({ size, weight, trim }),
        `rt-underline-${underline}`,
        highContrast && 'rt-high-contrast',
        space,
        className,
      )}
    />
  )
}
