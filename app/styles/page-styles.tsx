import { shippedStyles } from './shipped-styles.server'

// A page paints from its theme's first-paint styles, written into its head: nothing waits for a second request. The
// whole sheet (the other theme, wide-gamut colours) follows from the end of the body without blocking, and is cached.
// In the browser both read back what the server wrote, so hydration, or a render after a failed one, keeps them.

const onServer = () => typeof document === 'undefined'

export function FirstPaintStyles({ theme }: { theme: 'light' | 'dark' }) {
  const css = onServer() ? shippedStyles()?.firstPaint[theme] : document.getElementById('first-paint')?.textContent
  return <style id="first-paint" dangerouslySetInnerHTML={{ __html: css ?? '' }} />
}

export function WholeStylesheet() {
  const href = onServer() ? shippedStyles()?.href : document.getElementById('styles')?.getAttribute('href')
  return <link id="styles" rel="stylesheet" href={href ?? undefined} />
}
