import { formatMoney } from '../../contract/format';
import type { PaymentAttemptRow } from '../db/schema-payments';

/*
 * The built-in test provider's hosted page: plain server-rendered HTML (no script, so the app's CSP holds as is; the
 * form posts to its own address, which `form-action 'self'` allows), served under /v1 so the service worker lets the
 * navigation through to the server instead of answering it with the PWA's shell.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
h1{font-size:1.4rem}label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{font-size:1.1rem;padding:.5rem;width:100%;box-sizing:border-box}
button{font-size:1rem;padding:.6rem 1rem;margin:.75rem .5rem 0 0;cursor:pointer}
.sandbox{background:#fff3bf;padding:.5rem .75rem;border-radius:4px}.error{color:#c92a2a;font-weight:600}
small{color:#555}`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** The card form for a pending attempt. */
export function testPaymentForm(attempt: PaymentAttemptRow, companyName: string, error?: string) {
  const amount = formatMoney(attempt.amountCents, attempt.currency);
  const action = `/v1/payments/test/${attempt.id}`;
  return page(
    `Test payment: ${amount}`,
    `<p class="sandbox">Test payment provider (sandbox): no real money moves.</p>
<h1>Pay ${esc(amount)} to ${esc(companyName)}</h1>
<form method="post" action="${action}">
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242">
<small>4242 4242 4242 4242 approves; 4000 0000 0000 0002 declines.</small><br>
<button type="submit">Pay ${esc(amount)}</button>
</form>
<form method="post" action="${action}"><input type="hidden" name="close" value="1">
<button type="submit">Approve and close the tab</button></form>
<form method="post" action="${action}"><input type="hidden" name="cancel" value="1">
<button type="submit">Cancel and go back</button></form>`,
  );
}

/** After "Approve and close the tab": the browser does not go back; the re-check finds the payment. */
export function testApprovedPage(attempt: PaymentAttemptRow) {
  const amount = formatMoney(attempt.amountCents, attempt.currency);
  return page(
    'Payment approved',
    `<p class="sandbox">Test payment provider (sandbox)</p><h1>Payment approved</h1>
<p>${esc(amount)} was approved. You can close this tab.</p>`,
  );
}

/** An attempt that is not (or no longer) open for paying. */
export function testClosedPage(message: string, backTo: string | null) {
  return page(
    'Payment',
    `<p class="sandbox">Test payment provider (sandbox)</p><h1>${esc(message)}</h1>${
      backTo ? `<p><a href="${esc(backTo)}">Back to the portal</a></p>` : ''
    }`,
  );
}
