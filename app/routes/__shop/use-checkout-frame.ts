// The purchase page's payment frame (spec §2, §4, §5): its state, and what happens around it.
import { useFetcher, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState, type RefObject } from 'react'
import type { FrameParams } from '#app/components/shop/checkout-frame'
import type { FailedNavigationState } from '#app/components/shop/checkout-outcome'
import type { FrameEvent } from './frame-events'
import type { ActionData } from './purchase-data'

export type FrameField = 'name' | 'email' | 'postcode'

export type FramePrices = { currency: string; total: number; totalTax: number }

export function useCheckoutFrame({ formRef, buyPath }: { formRef: RefObject<HTMLFormElement>; buyPath: string }) {
  const fetcher = useFetcher({ key: 'purchase' })
  const fetched = fetcher.data as ActionData | undefined
  const navigate = useNavigate()

  // The frame opens with the server-validated parameters; once open, later changes reopen it (spec §4).
  const [frame, setFrame] = useState<FrameParams | null>(null)
  const lastFrame = useRef<FrameParams | null>(null)
  const focusFrame = useRef(false)
  // Each refused Continue is an attempt: the error summary shows and takes focus; a field left shows its own message.
  const [attempt, setAttempt] = useState(0)
  const continued = useRef(false)
  const checkoutId = useRef<string | undefined>(undefined)
  const [prices, setPrices] = useState<FramePrices | null>(null)
  // A card declined in the frame: said on this page too, the frame open for another card.
  const [declined, setDeclined] = useState<{ message: string; count: number } | null>(null)

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetched) return
    if (continued.current && fetched.kind === 'invalid') setAttempt((n) => n + 1)
    continued.current = false
    if (fetched.kind === 'frame') {
      lastFrame.current = fetched.frame
      setFrame(fetched.frame)
    } else {
      setFrame(null)
    }
  }, [fetcher.state, fetched])

  // After Continue (not after a reopen while typing), the frame's section takes the focus and comes into view.
  useEffect(() => {
    if (!frame || !focusFrame.current) return
    focusFrame.current = false
    const heading = document.getElementById('payment-heading')
    heading?.focus({ preventScroll: true })
    heading?.scrollIntoView({ block: 'start' })
  }, [frame])

  const reopen = () => {
    if (!lastFrame.current || !formRef.current) return
    continued.current = false
    setFrame(null)
    setPrices(null)
    setDeclined(null)
    fetcher.submit(formRef.current, { method: 'post', action: buyPath })
  }

  // The details the last check carried: a field left unchanged after a refusal asks the same question again, and the
  // re-render it causes would take the refusal's links away from under a pointer already pressing one.
  const checked = useRef<FormData | null>(null)
  useEffect(() => {
    if (fetcher.formData) checked.current = fetcher.formData
  }, [fetcher.formData])

  /** Reopens the frame if the value is not the one the frame was opened with (or was refused with). */
  const fieldLeft = (field: FrameField, value: string) => {
    const previous = lastFrame.current
    if (!previous) return
    const sent = checked.current?.get(field === 'postcode' ? 'zip' : field)
    if (!frame && fetched?.kind === 'invalid' && typeof sent === 'string' && sent.trim() === value) return
    const before = field === 'postcode' ? (previous.postcode ?? '') : previous[field]
    if (!frame || value !== before) reopen()
  }

  /** The frame that opens takes the focus, and a refusal counts as an attempt. */
  const continuePressed = () => {
    focusFrame.current = true
    continued.current = true
  }

  const onFrameEvent = (event: FrameEvent) => {
    switch (event.type) {
      case 'prices':
        setPrices({ currency: event.currency, total: event.total, totalTax: event.totalTax })
        return
      case 'checkoutId':
        checkoutId.current = event.checkoutId
        return
      case 'declined':
        // Counted, so that a second decline with the same words is announced again.
        setDeclined((last) => ({ message: declineMessage(event.reason), count: (last?.count ?? 0) + 1 }))
        return
      case 'completed':
      case 'failed': {
        const id = event.checkoutId ?? checkoutId.current
        const params = new URLSearchParams()
        if (id) params.set('checkout', id)
        params.set('state', event.type === 'completed' ? 'complete' : 'failed')
        // The provider's failure reason travels in navigation state, never in the address a link could forge.
        const state: FailedNavigationState | undefined =
          event.type === 'failed' && event.reason ? { reason: event.reason } : undefined
        navigate(`${buyPath}?${params}`, state ? { state } : undefined)
        return
      }
      default:
        return
    }
  }

  return {
    fetcher,
    fetched,
    frame,
    /** The email is being edited: leaving the field checks it again. */
    close: () => setFrame(null),
    prices,
    declined,
    attempt,
    countAttempt: () => setAttempt((n) => n + 1),
    continuing: fetcher.state !== 'idle',
    reopen,
    fieldLeft,
    continuePressed,
    onFrameEvent,
  }
}

/** What the page says when the frame declines a card: the provider's reason, and what to do. */
export function declineMessage(reason: string | undefined): string {
  return `${reason ?? 'Your card was declined.'} No payment was taken. Try another card in the payment form, or ask your bank.`
}
