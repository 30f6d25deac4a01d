import { forwardRef, useRef, type ComponentPropsWithoutRef, type Ref } from 'react'
import { join, look, Slot, splitSpace, type AccentColor, type MarginProps } from './props'

type ButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'color'> &
  MarginProps & {
    size?: '1' | '2' | '3' | '4'
    variant?: 'classic' | 'solid' | 'soft' | 'surface' | 'outline' | 'ghost'
    color?: AccentColor
    highContrast?: boolean
    asChild?: boolean
  }

/** Button and IconButton: one render, Radix's class for each. */
function button(kind: 'rt-Button' | 'rt-IconButton') {
  return forwardRef<HTMLButtonElement, ButtonProps>(function BaseButton(props, ref) {
    const { space, style, rest } = splitSpace(props)
    const { size = '2', variant = 'solid', color, highContrast, asChild, disabled, className, ...own } = rest
    const Comp = asChild ? Slot : 'button'
    return (
      <Comp
        // Radix: `data-disabled` styles a disabled `<Button asChild>` too.
        data-disabled={disabled || undefined}
        data-accent-color={color ?? ''}
        {...own}
        ref={ref}
        style={style}
        className={join('rt-reset rt-BaseButton', look(size, variant, highContrast), space, kind, className)}
        disabled={disabled}
      />
    )
  })
}

export const Button = button('rt-Button')
/** A button whose content is an icon alone: square, its label an `aria-label`. */
export const IconButton = button('rt-IconButton')

type TextFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'color' | 'size'> &
  MarginProps & { size?: '1' | '2' | '3'; variant?: 'classic' | 'surface' | 'soft'; color?: AccentColor }

/** A text input in Radix's frame; a press on the frame around it focuses it, as Radix's does. */
const TextFieldRoot = forwardRef<HTMLInputElement, TextFieldProps>(function TextFieldRoot(props, ref) {
  const input = useRef<HTMLInputElement | null>(null)
  const { space, style, rest } = splitSpace(props)
  const { size = '2', variant = 'surface', color, className, children, ...inputProps } = rest
  return (
    <div
      data-accent-color={color}
      style={style}
      className={join('rt-TextFieldRoot', `rt-r-size-${size}`, `rt-variant-${variant}`, space, className)}
      onPointerDown={(event) => {
        if ((event.target as HTMLElement).closest('input, button, a')) return
        requestAnimationFrame(() => input.current?.focus())
      }}
    >
      <input spellCheck="false" {...inputProps} ref={both(input, ref)} className="rt-reset rt-TextFieldInput" />
      {children}
    </div>
  )
})

/** One element for two refs: the frame's own and the caller's. */
function both<T>(own: { current: T | null }, theirs: Ref<T>) {
  return (node: T | null) => {
    own.current = node
    if (typeof theirs === 'function') theirs(node)
    else if (theirs) (theirs as { current: T | null }).current = node
  }
}

export const TextField = { Root: TextFieldRoot }

type RadioProps = Omit<ComponentPropsWithoutRef<'input'>, 'color' | 'size' | 'type'> &
  MarginProps & { size?: '1' | '2' | '3'; variant?: 'classic' | 'surface' | 'soft'; color?: AccentColor }

export function Radio(props: RadioProps) {
  const { space, style, rest } = splitSpace(props)
  const { size = '2', variant = 'surface', color, className, ...own } = rest
  return (
    <input
      type="radio"
      data-accent-color={color}
      {...own}
      style={style}
      className={join(
        'rt-reset rt-BaseRadioRoot rt-RadioRoot',
        `rt-r-size-${size}`,
        `rt-variant-${variant}`,
        space,
        className,
      )}
    />
  )
}

export function Spinner({
  size = '2',
  className,
  ...props
}: ComponentPropsWithoutRef<'span'> & { size?: '1' | '2' | '3' }) {
  return (
    <span {...props} className={join('rt-Spinner', `rt-r-size-${size}`, className)}>
      {Array.from({ length: 8 }, (_, leaf) => (
        <span key={leaf} className="rt-SpinnerLeaf" />
      ))}
    </span>
  )
}
