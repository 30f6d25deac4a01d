// The service's own HTML pages are React elements rendered on the server: every value is escaped by construction.
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

/** A whole page: its head (title, the page's own stylesheet) and `children` as the body. */
export function htmlDocument(options: { title: string; style: string; theme?: string; children: ReactNode }): string {
  return `<!doctype html>${renderToStaticMarkup(
    <html lang="en" className={options.theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{options.title}</title>
        <style dangerouslySetInnerHTML={{ __html: options.style }} />
      </head>
      <body>{options.children}</body>
    </html>,
  )}`
}
