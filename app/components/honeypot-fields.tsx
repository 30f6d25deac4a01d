import { HoneypotInputs, HoneypotProvider } from 'remix-utils/honeypot/react'
import type { HoneypotInputProps } from 'remix-utils/honeypot/server'

/** A public form's bot trap, its fields from the page's own loader (`honeypotFields`). */
export function HoneypotFields({ fields }: { fields: HoneypotInputProps }) {
  return (
    <HoneypotProvider {...fields}>
      <HoneypotInputs />
    </HoneypotProvider>
  )
}
