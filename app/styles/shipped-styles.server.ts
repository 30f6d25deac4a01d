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
