import { Text } from '#app/components/themes'
import { useEffect, useRef, useState } from 'react'
import { useFrameTheme } from '#app/components/shop/frame-theme'

// The provider's update-payment page (spec §2) with script: the sandbox's in a frame, or Paddle.js v1's overlay.

type SandboxMessage = { source?: unknown; event?: unknown }

export function SandboxUpdateFrame({ updateUrl, onUpdated }: { updateUrl: string; onUpdated: () => void }) {
  const frameRef = useRef<HTMLIFrameElement>(null)
  const onUpdatedRef = useRef(onUpdated)
  onUpdatedRef.current = onUpdated
  // Rendered only after hydration, so `window` is there.
  const origin = new URL(updateUrl, window.location.href).origin
  const theme = useFrameTheme(frameRef, origin)
  // The page tells this origin (the portal's) when it is done, and wears the portal's theme.
  const src = new URL(updateUrl, window.location.href)
  src.searchParams.set('origin', window.location.origin)
  src.searchParams.set('theme', theme.openedIn)
  useEffect(() => {
    const listener = (message: MessageEvent) => {
      if (message.origin !== origin || message.source !== frameRef.current?.contentWindow) return
      const data = message.data as SandboxMessage
      if (data?.source === 'sandbox-checkout' && data.event === 'Checkout.Complete') onUpdatedRef.current()
    }
    window.addEventListener('message', listener)
    return () => window.removeEventListener('message', listener)
  }, [origin])
  return (
    <iframe
      ref={frameRef}
      src={src.toString()}
      onLoad={theme.onLoad}
      title="Update payment method at the payment provider"
      style={{
        width: '100%',
        minWidth: 286,
        height: 560,
        border: '1px solid var(--gray-a6)',
        borderRadius: 'var(--radius-3)',
      }}
    />
  )
}

type PaddleGlobal = {
  Environment: { set(environment: 'sandbox'): void }
  Setup(options: { vendor: number }): void
  Checkout: { open(options: Record<string, unknown>): void }
}

const PADDLE_SCRIPT = 'https://cdn.paddle.com/paddle/paddle.js'

function loadPaddle(): Promise<PaddleGlobal> {
  const ready = (window as { Paddle?: PaddleGlobal }).Paddle
  if (ready) return Promise.resolve(ready)
  return new Promise((resolve, reject) => {
    // The purchase page may have added the script already (a client-side navigation keeps it).
    let script = document.querySelector<HTMLScriptElement>(`script[src="${PADDLE_SCRIPT}"]`)
    if (!script) {
      script = document.createElement('script')
      script.src = PADDLE_SCRIPT
      script.async = true
      document.head.appendChild(script)
    }
    script.addEventListener('load', () => {
      const paddle = (window as { Paddle?: PaddleGlobal }).Paddle
      if (paddle) resolve(paddle)
      else reject(new Error('Paddle.js did not start'))
    })
    script.addEventListener('error', () => reject(new Error('Paddle.js could not be loaded')))
  })
}

/** Paddle's overlay is its own modal (this page's dialogs would trap focus away); `onClosed` runs after `onUpdated`. */
export function PaddleUpdateOverlay({
  vendorId,
  environment,
  updateUrl,
  onUpdated,
  onClosed,
}: {
  vendorId: number
  environment: 'production' | 'sandbox'
  updateUrl: string
  onUpdated: () => void
  onClosed: () => void
}) {
  const [failed, setFailed] = useState(false)
  const callbacks = useRef({ onUpdated, onClosed })
  callbacks.current = { onUpdated, onClosed }
  useEffect(() => {
    let current = true
    loadPaddle()
      .then((Paddle) => {
        if (!current) return
        if (environment === 'sandbox') Paddle.Environment.set('sandbox')
        Paddle.Setup({ vendor: vendorId })
        Paddle.Checkout.open({
          override: updateUrl,
          successCallback: () => callbacks.current.onUpdated(),
          closeCallback: () => callbacks.current.onClosed(),
        })
      })
      .catch(() => {
        if (current) setFailed(true)
      })
    return () => {
      current = false
    }
  }, [vendorId, environment, updateUrl])
  return (
    <Text as="p" role="status" size="2">
      {failed
        ? 'The payment provider’s window could not be loaded. Please check your connection and try again.'
        : 'The payment provider’s window is open: update your payment method there.'}
    </Text>
  )
}
