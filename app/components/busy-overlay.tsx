import { Spinner } from '@radix-ui/themes'
import { useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'

/** How long a navigation may take before the page is covered: quick ones should not flash. */
const DELAY_MS = 400

/**
 * The full-screen busy overlay of spec §2: while a navigation or form post takes longer than a moment, it covers the
 * page (layer 100), blocks pointer and keys, keeps the page from scrolling, and tells screen readers what is going on.
 */
export function BusyOverlay() {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const [shown, setShown] = useState(false)

  useEffect(() => {
    if (!busy) {
      setShown(false)
      return
    }
    const timer = setTimeout(() => setShown(true), DELAY_MS)
    return () => clearTimeout(timer)
  }, [busy])

  useEffect(() => {
    if (!shown) return
    const previous = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    const swallow = (event: KeyboardEvent) => event.preventDefault()
    window.addEventListener('keydown', swallow, true)
    return () => {
      document.body.style.overflow = previous
      window.removeEventListener('keydown', swallow, true)
    }
  }, [shown])

  return (
    <div className="busy-overlay" data-shown={shown} aria-hidden={!shown}>
      {shown ? (
        <div role="status" className="busy-overlay__content">
          <Spinner size="3" />
          <span className="visually-hidden">{navigation.state === 'submitting' ? 'Saving…' : 'Loading…'}</span>
        </div>
      ) : null}
    </div>
  )
}
