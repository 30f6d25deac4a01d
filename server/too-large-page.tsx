import { htmlDocument } from '../service/dispatch/html.js'

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#111;background:#fff}a{color:#0645ad}`

/** What a browser shows for a form too large to read. */
export function tooLargePage(message: string): string {
  return htmlDocument({
    title: 'Request too large | License Portal',
    style: STYLE,
    children: (
      <main>
        <h1>Request too large</h1>
        <p>{message}</p>
        <p>
          <a href="/">Go to the sign-in page</a>
        </p>
      </main>
    ),
  })
}
