import { forwardRef, type ComponentPropsWithoutRef } from 'react'
import { join } from './props'

type DialogContentProps = ComponentPropsWithoutRef<'div'> & { size?: '1' | '2' | '3' | '4'; align?: 'start' | 'center' }

/** Radix Themes' dialog content in its scroll frame, for a native `<dialog>` (route-dialog.tsx opens and closes it). */
export const DialogContent = forwardRef<HTMLDivElement, DialogContentProps>(function DialogContent(
  { size = '3', align = 'center', className, ...props },
  ref,
) {
  return (
    <div className="rt-BaseDialogScroll rt-DialogScroll">
      <div className={join('rt-BaseDialogScrollPadding rt-DialogScrollPadding', `rt-r-align-${align}`)}>
        <div
          data-state="open"
          {...props}
          ref={ref}
          className={join('rt-BaseDialogContent rt-DialogContent', `rt-r-size-${size}`, className)}
        />
      </div>
    </div>
  )
})

/** What finds a dialog's content in the page. */
export const DIALOG_CONTENT = '.rt-BaseDialogContent'
