import { Spinner } from '#app/components/themes'
import { useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'

/** Quick navigations should not flash. */
const DELAY_MS = 400

/** Spec §2: covers the page (layer 100), blocks pointer, keys and scrolling, and tells screen readers. */
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
