import { createContext, useContext, type ComponentPropsWithoutRef } from 'react'
import { join, look, splitSpace, type AccentColor, type MarginProps } from './props'
import { Text } from './typography'

type CalloutProps = Omit<ComponentPropsWithoutRef<'div'>, 'color'> &
  MarginProps & {
    size?: '1' | '2' | '3'
    variant?: 'soft' | 'surface' | 'outline'
    color?: AccentColor
    highContrast?: boolean
  }

const CalloutSize = createContext<'1' | '2' | '3'>('2')

function CalloutRoot(props: CalloutProps) {
  const { space, style, rest } = splitSpace(props)
  const { size = '2', variant = 'soft', color, highContrast, className, children, ...own } = rest
  return (
    <div
      data-accent-color={color ?? ''}
      {...own}
      style={style}
      className={join('rt-CalloutRoot', look(size, variant, highContrast), space, className)}
    >
      <CalloutSize.Provider value={size}>{children}</CalloutSize.Provider>
    </div>
  )
}

/** The callout's text: a paragraph one size up from a small callout, as Radix sizes it. */
function CalloutText({ className, ...props }: Omit<ComponentPropsWithoutRef<'p'>, 'color'>) {
  const size = useContext(CalloutSize) === '3' ? '3' : '2'
  return <Text as="p" size={size} {...props} className={join('rt-CalloutText', className)} />
}

export const Callout = { Root: CalloutRoot, Text: CalloutText }

type Orientation = 'horizontal' | 'vertical'
type DataListProps = ComponentPropsWithoutRef<'dl'> &
  MarginProps & { orientation?: Orientation | { initial: Orientation; sm: Orientation }; size?: '1' | '2' | '3' }

function DataListRoot(props: DataListProps) {
  const { space, style, rest } = splitSpace(props)
  const { orientation = 'horizontal', size = '2', className, ...own } = rest
  const orientationClass =
    typeof orientation === 'string'
      ? `rt-r-orientation-${orientation}`
      : `rt-r-orientation-${orientation.initial} sm:rt-r-orientation-${orientation.sm}`
  return (
    <dl
      {...own}
      style={style}
      className={join('rt-Text rt-DataListRoot', orientationClass, `rt-r-size-${size}`, space, className)}
    />
  )
}

export const DataList = {
  Root: DataListRoot,
  Item: ({ className, ...props }: ComponentPropsWithoutRef<'div'>) => (
    <div {...props} className={join('rt-DataListItem', className)} />
  ),
  Label: ({ className, ...props }: ComponentPropsWithoutRef<'dt'>) => (
    <dt {...props} className={join('rt-DataListLabel', className)} />
  ),
  Value: ({ className, ...props }: ComponentPropsWithoutRef<'dd'>) => (
    <dd {...props} className={join('rt-DataListValue', className)} />
  ),
}

type BadgeProps = Omit<ComponentPropsWithoutRef<'span'>, 'color'> &
  MarginProps & { size?: '1' | '2' | '3'; variant?: 'solid' | 'soft' | 'surface' | 'outline'; color?: AccentColor }

export function Badge(props: BadgeProps) {
  const { space, style, rest } = splitSpace(props)
  const { size = '1', variant = 'soft', color, className, ...own } = rest
  return (
    <span
      data-accent-color={color ?? ''}
      {...own}
      style={style}
      className={join('rt-reset rt-Badge', look(size, variant), space, className)}
    />
  )
}
