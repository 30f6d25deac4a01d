import { forwardRef, type ComponentPropsWithoutRef } from 'react'
import { join, type Space } from './props'

// Radix Themes' table with its classes, scrolled by the browser: Radix's own wraps every table in its script-driven
// scroll area, which clips a wide table while script is off and costs every page about 6 KB (record 0020).

function Root({
  size = '2',
  variant = 'ghost',
  mb,
  className,
  children,
  ...props
}: ComponentPropsWithoutRef<'div'> & { size?: '1' | '2' | '3'; variant?: 'surface' | 'ghost'; mb?: Space }) {
  return (
    <div
      {...props}
      className={join('rt-TableRoot', `rt-r-size-${size}`, `rt-variant-${variant}`, mb && `rt-r-mb-${mb}`, className)}
    >
      <div className="rt-ScrollAreaRoot">
        <div className="rt-ScrollAreaViewport" style={{ overflowX: 'auto', overflowY: 'hidden' }}>
          <div style={{ minWidth: '100%', display: 'table' }}>
            <table className="rt-TableRootTable">{children}</table>
          </div>
        </div>
      </div>
    </div>
  )
}

function Header({ className, ...props }: ComponentPropsWithoutRef<'thead'>) {
  return <thead {...props} className={join('rt-TableHeader', className)} />
}

const Body = forwardRef<HTMLTableSectionElement, ComponentPropsWithoutRef<'tbody'>>(function Body(
  { className, ...props },
  ref,
) {
  return <tbody {...props} ref={ref} className={join('rt-TableBody', className)} />
})

function Row({ className, ...props }: ComponentPropsWithoutRef<'tr'>) {
  return <tr {...props} className={join('rt-TableRow', className)} />
}

/** A cell's `justify`, as Radix writes it: `rt-r-ta-left|center|right`. */
const textAlign = new Map([
  ['start', 'rt-r-ta-left'],
  ['center', 'rt-r-ta-center'],
  ['end', 'rt-r-ta-right'],
])
type Justify = { justify?: 'start' | 'center' | 'end' }

function Cell({ justify, className, ...props }: ComponentPropsWithoutRef<'td'> & Justify) {
  return <td className={join('rt-TableCell', justify && textAlign.get(justify), className)} {...props} />
}

/** A header cell: Radix's class for its kind, and the `scope` it sets unless told otherwise. */
function headerCell(kind: 'Column' | 'Row', scope: 'col' | 'row') {
  return function HeaderCell({ justify, className, ...props }: ComponentPropsWithoutRef<'th'> & Justify) {
    return (
      <th
        className={join(`rt-TableCell rt-Table${kind}HeaderCell`, justify && textAlign.get(justify), className)}
        scope={scope}
        {...props}
      />
    )
  }
}
const ColumnHeaderCell = headerCell('Column', 'col')
const RowHeaderCell = headerCell('Row', 'row')

export const Table = { Root, Header, Body, Row, Cell, ColumnHeaderCell, RowHeaderCell }
