import fs from 'node:fs'

/** What `npm run build` writes (scripts/build-styles.ts): the whole sheet's address and each theme's first paint. */
export type ShippedStyles = { href: string; firstPaint: Record<'light' | 'dark', string> }

let shipped: ShippedStyles | null | undefined

/** Null before a build (unit tests rendering the document). */
export function shippedStyles(): ShippedStyles | null {
  if (shipped === undefined) {
    try {
      shipped = JSON.parse(fs.readFileSync('build/styles.json', 'utf8')) as ShippedStyles
    } catch {
      shipped = null
    }
  }
  return shipped
}

// A page paints from its theme's first-paint styles, written into its head: nothing waits for a second request. Only
// the server writes them, as the head's last element: React 18 leaves what follows its own elements at the end of head
// in place through hydration and every later render, so the browser keeps them and loads no code for them.
export function FirstPaintStyles({ theme }: { theme: 'light' | 'dark' }) {
  return <style id="first-paint" dangerouslySetInnerHTML={{ __html: shippedStyles()?.firstPaint[theme] ?? '' }} />
}
