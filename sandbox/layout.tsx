// The sandbox provider's pages as plain HTML (working without script). With script the checkout tells its framing page
// what happened, `postMessage({ source: 'sandbox-checkout', event, data })` in Paddle.js v1's event names and shapes
// (`Checkout.Loaded`, `Checkout.Customer.Details`, `Checkout.Complete`, `Checkout.Error`); read by frame-events.ts.
import type { ReactNode } from 'react'
import { htmlDocument } from '../service/dispatch/html.js'

// Light, dark when preferred, or the framing page's `theme=`, so the frame reads as part of the page.
const LIGHT = `--fg:#1a1a1a;--bg:#fff;--muted:#444;--line:#ccc;--field:#6b6b6b;--field-bg:#fff;--accent:#0b5cad;
--accent-fg:#fff;--link:#0645ad;--error:#b00020;--error-bg:#fdecee;--ok:#1f6f2b;--ok-bg:#e9f6eb;--mode-bg:#fff4d6;
--mode-line:#8a6100;--mode-fg:#4d3600;color-scheme:light`
const DARK = `--fg:#eeeef0;--bg:#111113;--muted:#b5b2bc;--line:#3c393f;--field:#7c7a85;--field-bg:#19191b;
--accent:#2563eb;--accent-fg:#fff;--link:#9eb1ff;--error:#ff9592;--error-bg:#3b1219;--ok:#7ee2a8;--ok-bg:#132d21;
--mode-bg:#302008;--mode-line:#ffc53d;--mode-fg:#ffe7b3;color-scheme:dark`
const STYLE = `
:root{${LIGHT}}
@media (prefers-color-scheme:dark){:root:not(.light){${DARK}}}
:root.dark{${DARK}}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:var(--fg);background:var(--bg)}
main{max-width:34rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;margin:.25rem 0 .75rem}h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
.mode{background:var(--mode-bg);border:1px solid var(--mode-line);color:var(--mode-fg);border-radius:6px;padding:.4rem .7rem;
font-size:.9rem;margin:0 0 .5rem}
dl.summary{display:grid;grid-template-columns:1fr auto;gap:.2rem 1rem;margin:0}dl.summary dt{color:var(--muted)}
dl.summary dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}dl.summary .total{font-weight:700;color:var(--fg)}
label{display:block;font-weight:600;margin:.7rem 0 .2rem}
input,select{font:inherit;width:100%;box-sizing:border-box;padding:.45rem .5rem;border:1px solid var(--field);
border-radius:6px;background:var(--field-bg);color:var(--fg)}
input[aria-invalid=true],select[aria-invalid=true]{border-color:var(--error)}
.row{display:flex;gap:.75rem}.row>div{flex:1}
.error{color:var(--error);margin:.2rem 0 0;font-size:.9rem}
.hint{color:var(--muted);font-size:.9rem;margin:.2rem 0 0}
.given{margin:0}details.change>summary{cursor:pointer;color:var(--link);text-decoration:underline;margin-top:.25rem;width:max-content}
button,.button{font:inherit;display:inline-block;border:0;border-radius:6px;padding:.55rem 1rem;margin-top:1rem;cursor:pointer;
background:var(--accent);color:var(--accent-fg);text-decoration:none}
button.secondary{background:transparent;color:var(--link);border:1px solid currentColor;margin-top:.5rem;padding:.35rem .7rem}
button.reject{background:#a1001c;color:#fff}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;padding:.3rem .4rem;border-bottom:1px solid var(--line)}
.alert{border:1px solid var(--error);background:var(--error-bg);border-radius:6px;padding:.5rem .75rem}
.status{border:1px solid var(--ok);background:var(--ok-bg);border-radius:6px;padding:.5rem .75rem}
a{color:var(--link)}
`

/** The framing page's theme, when it named one. */
export type PageTheme = 'dark' | 'light'
export function pageTheme(value: string | undefined): PageTheme | undefined {
  return value === 'dark' || value === 'light' ? value : undefined
}

/** How a page was opened: the script's nonce, the framing page's origin and its theme. */
export type Opened = { nonce?: string; origin?: string; theme?: PageTheme }

export function openedAs({ nonce, origin, theme }: Opened) {
  return { nonce, targetOrigin: origin, theme }
}

/** A complete page. `event` becomes the postMessage the page sends to its parent (only when framed). */
export function page(options: {
  title: string
  /** The page's h1, when it is not its title. */
  heading?: string
  body: ReactNode
  nonce?: string
  event?: { name: string; data: unknown }
  /** Adds the checkout form's script (detail events, re-pricing on a country change). */
  checkoutForm?: { data: unknown }
  targetOrigin?: string
  theme?: PageTheme
}): string {
  return htmlDocument({
    title: `${options.title} | Sandbox payments`,
    style: STYLE,
    theme: options.theme,
    children: (
      <>
        <main>
          <Mode />
          <h1>{options.heading ?? options.title}</h1>
          {options.body}
        </main>
        {options.event || options.checkoutForm || options.targetOrigin ? (
          <script nonce={options.nonce} dangerouslySetInnerHTML={{ __html: frameScript(options) }} />
        ) : null}
      </>
    ),
  })
}

/** Talks to the framing page: what happened, the page's height, the framing page's theme. */
function frameScript(options: {
  event?: { name: string; data: unknown }
  checkoutForm?: { data: unknown }
  targetOrigin?: string
}): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
  return `
(function () {
  var target = ${json(options.targetOrigin ?? null)} || window.location.origin;
  function send(event, data) {
    if (window.parent === window) return;
    window.parent.postMessage({ source: 'sandbox-checkout', event: event, data: data }, target);
  }
  ${options.event ? `send(${json(options.event.name)}, ${json(options.event.data)});` : ''}
  // The framing page's theme switch, { source: 'portal-theme', theme } from its origin alone: its forms follow it too.
  window.addEventListener('message', function (message) {
    var theme = message.data && message.data.source === 'portal-theme' && message.data.theme;
    if (message.origin !== target || message.source !== window.parent) return;
    if (theme !== 'dark' && theme !== 'light') return;
    document.documentElement.className = theme;
    document.querySelectorAll('input[name="theme"]').forEach(function (input) { input.value = theme; });
  });
  // The framing page sizes the frame to the page, so that nothing (the Pay button least of all) needs scrolling inside it.
  var height = 0;
  function resized() {
    var now = Math.ceil(document.body.getBoundingClientRect().height);
    if (now !== height) { height = now; send('Checkout.Resize', { height: now }); }
  }
  if (window.ResizeObserver) new ResizeObserver(resized).observe(document.body);
  resized();
  ${
    options.checkoutForm
      ? `var data = ${json(options.checkoutForm.data)};
  var form = document.getElementById('checkout-form');
  function details() {
    data.user.email = form.elements.email.value.trim();
    data.user.postcode = form.elements.postcode.value.trim();
    send('Checkout.Customer.Details', data);
  }
  form.elements.email.addEventListener('change', details);
  form.elements.postcode.addEventListener('change', details);
  form.elements.country.addEventListener('change', function () {
    var update = document.getElementById('update-price');
    if (form.requestSubmit) form.requestSubmit(update); else update.click();
  });`
      : ''
  }
})();
`
}

function Mode() {
  return <p className="mode">Sandbox: test mode. No real payment is taken.</p>
}

export function messagePage(title: string, message: string, nonce?: string): string {
  return page({ title, body: <p>{message}</p>, nonce })
}
