import { useEffect, useRef, useState } from 'react'
import { Callout, Text } from '#app/components/themes'
import type { Result } from '#protocol/operations'
import { paddleFrameEvents, sandboxFrameEvents, type FrameEvent } from '#app/routes/__shop/frame-events'
import { useSupportEmail } from '#app/utils/support-email'
import { useFrameTheme } from './frame-theme'

type CheckoutClient = Result<'catalog'>['checkout']

/** What the embedded payment frame is opened with (spec §7): the plan, the customer and the passthrough. */
export type FrameParams = {
  /** The provider's product id of the plan. */
  planId: string
  email: string
  country: string
  postcode?: string
  quantity: number
  /** JSON of the checkout passthrough (name and referrer). */
  passthrough: string
  /** The name the passthrough carries, kept to notice a change. */
  name: string
  coupon?: string
}

/** Spec §9: the frame starts 450px high and is never narrower than 286px. */
export const FRAME_HEIGHT = 450
export const FRAME_MIN_WIDTH = 286

type CheckoutFrameProps = {
  client: CheckoutClient
  params: FrameParams
  onEvent: (event: FrameEvent) => void
}

/** The provider's payment frame (sandbox iframe or Paddle.js v1), events normalized; new `params`, new checkout. */
export function CheckoutFrame({ client, params, onEvent }: CheckoutFrameProps) {
  const onEventRef = useRef(onEvent)
  onEventRef.current = onEvent
  if (client.provider === 'paddle') {
    return (
      <PaddleInlineCheckout
        vendorId={client.vendorId}
        environment={client.environment}
        params={params}
        onEventRef={onEventRef}
      />
    )
  }
  return <SandboxCheckout checkoutUrl={client.checkoutUrl} params={params} onEventRef={onEventRef} />
}

type EventRef = { current: (event: FrameEvent) => void }

export function sandboxCheckoutSrc(
  checkoutUrl: string,
  params: FrameParams,
  origin?: string,
  theme?: 'dark' | 'light',
): string {
  const query = new URLSearchParams()
  query.set('product', params.planId)
  query.set('email', params.email)
  query.set('country', params.country)
  if (params.postcode) query.set('postcode', params.postcode)
  query.set('quantity', String(params.quantity))
  query.set('passthrough', params.passthrough)
  if (params.coupon) query.set('coupon', params.coupon)
  // The page posts its events to this origin (the portal's), and wears the portal's theme.
  if (origin) query.set('origin', origin)
  if (theme) query.set('theme', theme)
  return `${checkoutUrl}${checkoutUrl.includes('?') ? '&' : '?'}${query}`
}

function SandboxCheckout({
  checkoutUrl,
  params,
  onEventRef,
}: {
  checkoutUrl: string
  params: FrameParams
  onEventRef: EventRef
}) {
  const frameRef = useRef<HTMLIFrameElement>(null)
  // Spec §9: the frame starts 450px high; the page then says how tall it is, and the frame takes that height.
  const [height, setHeight] = useState(FRAME_HEIGHT)
  // Rendered only after hydration (the purchase page opens the frame with script), so `window` is there.
  const frameOrigin = new URL(checkoutUrl, window.location.href).origin
  const theme = useFrameTheme(frameRef, frameOrigin)
  const src = sandboxCheckoutSrc(checkoutUrl, params, window.location.origin, theme.openedIn)
  useEffect(() => {
    const listener = (message: MessageEvent) => {
      // Only the frame this page opened, from the sandbox's own origin.
      if (message.origin !== frameOrigin || message.source !== frameRef.current?.contentWindow) return
      for (const event of sandboxFrameEvents(message.data)) {
        if (event.type === 'resize') setHeight(event.height)
        else onEventRef.current(event)
      }
    }
    window.addEventListener('message', listener)
    return () => {
      window.removeEventListener('message', listener)
      theme.unload()
    }
    // `theme.unload` only resets a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [frameOrigin, src, onEventRef])
  return (
    <iframe
      ref={frameRef}
      key={src}
      src={src}
      onLoad={theme.onLoad}
      title="Checkout"
      className="shop-checkout-frame"
      height={height}
      style={{ minWidth: FRAME_MIN_WIDTH }}
    />
  )
}

// ─── Paddle.js v1 ────────────────────────────────────────────────────────────────────────────────────────────────────

type PaddleGlobal = {
  Environment: { set(environment: 'sandbox'): void }
  Setup(options: { vendor: number; eventCallback: (data: unknown) => void }): void
  Checkout: { open(options: Record<string, unknown>): void }
}

declare global {
  interface Window {
    Paddle?: PaddleGlobal
  }
}

const PADDLE_SCRIPT = 'https://cdn.paddle.com/paddle/paddle.js'
const PADDLE_FRAME_CLASS = 'shop-paddle-checkout'

let paddleLoading: Promise<PaddleGlobal> | undefined
let paddleSetUp = false
/** Paddle.js has one event callback per page; it forwards to the checkout on screen. */
let paddleListener: ((data: unknown) => void) | undefined

function loadPaddle(): Promise<PaddleGlobal> {
  paddleLoading ??= new Promise<PaddleGlobal>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = PADDLE_SCRIPT
    script.async = true
    script.onload = () => (window.Paddle ? resolve(window.Paddle) : reject(new Error('Paddle.js did not start')))
    script.onerror = () => {
      paddleLoading = undefined
      script.remove()
      reject(new Error('Paddle.js could not be loaded'))
    }
    document.head.appendChild(script)
  })
  return paddleLoading
}

function PaddleInlineCheckout({
  vendorId,
  environment,
  params,
  onEventRef,
}: {
  vendorId: number
  environment: 'production' | 'sandbox'
  params: FrameParams
  onEventRef: EventRef
}) {
  const supportEmail = useSupportEmail()
  const [failed, setFailed] = useState(false)
  const key = JSON.stringify(params)
  useEffect(() => {
    let current = true
    loadPaddle()
      .then((Paddle) => {
        if (!current) return
        if (!paddleSetUp) {
          if (environment === 'sandbox') Paddle.Environment.set('sandbox')
          Paddle.Setup({ vendor: vendorId, eventCallback: (data) => paddleListener?.(data) })
          paddleSetUp = true
        }
        paddleListener = (data) => {
          for (const event of paddleFrameEvents(data)) onEventRef.current(event)
        }
        Paddle.Checkout.open({
          method: 'inline',
          product: params.planId,
          email: params.email,
          country: params.country,
          ...(params.postcode ? { postcode: params.postcode } : {}),
          quantity: params.quantity,
          allowQuantity: false,
          disableLogout: true,
          passthrough: params.passthrough,
          ...(params.coupon ? { coupon: params.coupon } : {}),
          frameTarget: PADDLE_FRAME_CLASS,
          frameInitialHeight: FRAME_HEIGHT,
          frameStyle: `width:100%; min-width:${FRAME_MIN_WIDTH}px; background-color: transparent; border: none;`,
        })
      })
      .catch(() => {
        if (current) setFailed(true)
      })
    return () => {
      current = false
      paddleListener = undefined
    }
    // `key` stands for every parameter: a change opens a new checkout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, vendorId, environment, onEventRef])

  if (failed) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>
          The payment form could not be loaded. Please check your connection and try again, or write to {supportEmail}.
        </Callout.Text>
      </Callout.Root>
    )
  }
  return (
    <>
      <div key={key} className={PADDLE_FRAME_CLASS} style={{ minWidth: FRAME_MIN_WIDTH, minHeight: FRAME_HEIGHT }} />
      <Text as="p" size="1" color="gray" mt="2">
        Payments are processed by Paddle, our reseller and merchant of record.
      </Text>
    </>
  )
}
