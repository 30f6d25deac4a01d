import { cloneElement, isValidElement, type ReactElement } from 'react'

// A theme component's markup worked out once, for what each row of a long table repeats: `<td {...cell()}>` writes,
// attribute for attribute, what `<Table.Cell>` does, without a component's render per element (plain.test.tsx).

const OWN = 'data-own-props'
const FORWARD_REF = Symbol.for('react.forward_ref')

type Props = Record<string, unknown>
type Render = (props: Props, ref: null) => unknown

/** Renders the components down to the HTML element they write; one that needs hooks or context cannot be. */
function elementOf(element: ReactElement<Props>): ReactElement<Props> & { type: string } {
  let current: unknown = element
  while (isValidElement<Props>(current) && typeof current.type !== 'string') {
    const type = current.type as Render & { $$typeof?: symbol; render?: Render }
    current = type.$$typeof === FORWARD_REF ? type.render!(current.props, null) : type(current.props, null)
  }
  if (!isValidElement<Props>(current)) throw new Error('plainProps: the component writes no one element')
  return current as ReactElement<Props> & { type: string }
}

/** What the component passes on as given: never a prop it writes itself (`className`, `style`). */
type Own = Props & { className?: never; style?: never }

/** `element` with its fixed props (`asChild` with its child: `<Link asChild size="2"><a /></Link>`). */
export function plainProps(element: ReactElement<Props>) {
  const child = element.props.children
  const marked = isValidElement<Props>(child)
    ? cloneElement(element, {}, cloneElement(child, { [OWN]: true }))
    : cloneElement(element, { [OWN]: true })
  const before: Props = {}
  const after: Props = {}
  let side = before
  for (const [name, value] of Object.entries(elementOf(marked).props)) {
    if (name === OWN) side = after
    else if (name !== 'children' && value !== undefined) side[name] = value
  }
  if (side === before) throw new Error('plainProps: the component does not pass its props on')
  const fixed = { ...before, ...after }
  return (own?: Own): Props => (own ? { ...before, ...own, ...after } : fixed)
}
