/**
 * The sandbox provider's pages, as plain HTML: they work without script (forms post, links navigate) and, with
 * script, the checkout and update-payment pages tell the page that framed them what happened, with
 * `window.parent.postMessage({ source: 'sandbox-checkout', event, data }, origin)`. `event` and `data` follow Paddle.js
 * v1's event callback (`event` / `eventData`), so one reader serves both:
 *
 * - `Checkout.Loaded` (each time the page is shown) and `Checkout.Customer.Details` (email or postcode edited):
 *   `{ checkout: { id, completed: false, prices: { customer: { currency, total, total_tax } } },
 *      product: { id, name, quantity }, user: { email, country, postcode } }`
 * - `Checkout.Complete` (paid, or flagged for review): the same with `checkout.completed: true`
 * - `Checkout.Error` (payment failed): the same with `checkout.completed: false` and `error` (the decline reason)
 *
 * Inline scripts carry the response's CSP nonce (server.ts sets `res.locals.cspNonce`).
 */
import { escapeHtml } from '../../dispatch/html.js'

const STYLE = `
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1a1a1a;background:#fff}
main{max-width:34rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;margin:.25rem 0 .75rem}h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
.mode{background:#fff4d6;border:1px solid #8a6100;color:#4d3600;border-radius:6px;padding:.4rem .7rem;font-size:.9rem}
dl.summary{display:grid;grid-template-columns:1fr auto;gap:.2rem 1rem;margin:0}dl.summary dt{color:#333}
dl.summary dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}dl.summary .total{font-weight:700}
label{display:block;font-weight:600;margin:.7rem 0 .2rem}
input,select{font:inherit;width:100%;box-sizing:border-box;padding:.45rem .5rem;border:1px solid #6b6b6b;border-radius:6px}
input[aria-invalid=true],select[aria-invalid=true]{border-color:#b00020}
.row{display:flex;gap:.75rem}.row>div{flex:1}
.error{color:#b00020;margin:.2rem 0 0;font-size:.9rem}
.hint{color:#444;font-size:.9rem;margin:.2rem 0 0}
button,.button{font:inherit;display:inline-block;border:0;border-radius:6px;padding:.55rem 1rem;margin-top:1rem;cursor:pointer;
background:#0b5cad;color:#fff;text-decoration:none}
button.secondary{background:#fff;color:#0b5cad;border:1px solid #0b5cad;margin-top:.5rem;padding:.35rem .7rem}
button.reject{background:#a1001c}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;padding:.3rem .4rem;border-bottom:1px solid #ccc}
.alert{border:1px solid #b00020;background:#fdecee;border-radius:6px;padding:.5rem .75rem}
.status{border:1px solid #1f6f2b;background:#e9f6eb;border-radius:6px;padding:.5rem .75rem}
a{color:#0645ad}
`

/** A complete page. `event` becomes the postMessage the page sends to its parent (only when framed). */
export function page(options: {
  title: string
  body: string
  nonce?: string
  event?: { name: string; data: unknown }
  /** Adds the checkout form's script (detail events, re-pricing on a country change). */
  checkoutForm?: { data: unknown }
  targetOrigin?: string
}): string {
  const nonce = options.nonce ? ` nonce="${escapeHtml(options.nonce)}"` : ''
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
  const script =
    options.event || options.checkoutForm
      ? `<script${nonce}>
(function () {
  var target = ${json(options.targetOrigin ?? null)} || window.location.origin;
  function send(event, data) {
    if (window.parent === window) return;
    window.parent.postMessage({ source: 'sandbox-checkout', event: event, data: data }, target);
  }
  ${options.event ? `send(${json(options.event.name)}, ${json(options.event.data)});` : ''}
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
</script>`
      : ''
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(options.title)} | Sandbox payments</title><style>${STYLE}</style></head>
<body><main>${options.body}</main>${script}</body></html>`
}

export const MODE = '<p class="mode">Sandbox: test mode. No real payment is taken.</p>'

export function messagePage(title: string, message: string, nonce?: string): string {
  return page({ title, body: `${MODE}<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`, nonce })
}
