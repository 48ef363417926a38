import { createHash, timingSafeEqual } from 'node:crypto';
import { msg } from '@lingui/core/runtime-macro';
import { conflict } from '../errors';
import {
  centsOf,
  decimalOf,
  type PaymentProviderAdapter,
  type ProviderCredentials,
  RefusedResult,
} from './provider';

/*
 * WiPay (Jamaica, Trinidad and Tobago), to its "WiPay Plugins Payment Request" API v1.0.8: we POST the order to
 * `<platform>/plugins/payments/request` (Accept: application/json) and get the hosted page's `url` and the
 * `transaction_id` (assigned at request). The result comes back only as the customer's browser redirected to our
 * `response_url` with `status` (success | failed | error), `transaction_id`, `order_id`, `total` (the FINAL total:
 * with WiPay's fee when the customer pays it), `message`, and on success `hash` = MD5(transaction_id + ORIGINAL
 * total + API key). No webhook, no status API, no refund call: a pending attempt cannot be re-checked (it is flagged
 * for staff), and a refund is done in WiPay's dashboard, outside the portal.
 */

const ORIGIN = 'portal-payments';

/** The platform's API: WIPAY_BASE_URL (a local fake in tests) or the account's country's host. */
export const wipayBase = (base: string | undefined, country: 'JM' | 'TT') =>
  base ?? `https://${country.toLowerCase()}.wipayfinancial.com`;

/** MD5(transaction_id + total + api_key), as WiPay signs a successful result. */
export const wipayHash = (transactionId: string, total: string, apiKey: string) =>
  createHash('md5').update(`${transactionId}${total}${apiKey}`).digest('hex');

/** "[N-R5101]: 3D Secure authentication failed." → "3D Secure authentication failed." */
const reasonOf = (message: string | undefined, status: string) =>
  (message ?? '').replace(/^\[[^\]]*\]:\s*/, '').trim() ||
  (status === 'error' ? 'The payment could not be completed' : 'Your card was declined');

function credentialsOrRefuse(c: ProviderCredentials) {
  if (!c.wipay?.apiKey) throw new RefusedResult('WiPay is not set up for this company');
  return c.wipay;
}

export function createWipayAdapter(opts: { baseUrl: string | undefined }): PaymentProviderAdapter {
  return {
    name: 'wipay',
    label: 'Pay by card (WiPay)',
    canCheckStatus: false,
    async createCheckout({ attempt, returnUrl, credentials, customer }) {
      const w = credentials.wipay;
      if (!w?.apiKey || (w.environment === 'live' && !w.account_number)) {
        throw conflict(msg`Online payment is not set up: WiPay has no account`);
      }
      const body = new URLSearchParams({
        account_number: w.environment === 'sandbox' ? '1234567890' : w.account_number,
        avs: '0',
        country_code: w.country_code,
        currency: attempt.currency,
        environment: w.environment,
        fee_structure: w.fee_structure,
        method: 'credit_card',
        order_id: attempt.orderId,
        origin: ORIGIN,
        response_url: returnUrl,
        total: decimalOf(attempt.amountCents),
        name: customer.name.slice(0, 50),
        email: customer.email,
      });
      let answer: { url?: unknown; message?: unknown; transaction_id?: unknown };
      try {
        const res = await fetch(`${wipayBase(opts.baseUrl, w.country_code)}/plugins/payments/request`, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(15_000),
        });
        answer = (await res.json()) as typeof answer;
        if (!res.ok || typeof answer.url !== 'string' || !/^https?:\/\//.test(answer.url)) {
          const said = typeof answer.message === 'string' ? `: ${answer.message.slice(0, 200)}` : '';
          throw conflict(`WiPay did not open a payment page${said}`);
        }
      } catch (err) {
        if (err instanceof Error && 'statusCode' in err) throw err;
        throw conflict(msg`WiPay could not be reached; try again in a few minutes`);
      }
      const ref = typeof answer.transaction_id === 'string' ? answer.transaction_id : null;
      return { redirectUrl: answer.url as string, providerReference: ref };
    },
    attemptOf: (q) => (q.order_id ? { orderId: q.order_id } : null),
    verifyResult(q, attempt, credentials) {
      const status = q.status ?? '';
      const tx = q.transaction_id ?? '';
      if (!['success', 'failed', 'error'].includes(status) || !tx) {
        throw new RefusedResult('Not a WiPay result');
      }
      // The transaction must be this attempt's: the id WiPay gave at request, or one naming our order id (the hash
      // does not cover the order id, so a valid result of another order must not pay this one).
      const ours = attempt.providerReference
        ? tx === attempt.providerReference
        : tx.includes(`-${attempt.orderId}-`);
      if (!ours) throw new RefusedResult('The transaction is not this attempt’s');
      if (q.currency && q.currency !== attempt.currency) throw new RefusedResult('Another currency');
      const base = {
        attemptId: attempt.id,
        providerReference: tx,
        currency: attempt.currency,
      };
      if (status !== 'success') {
        return {
          ...base,
          outcome: 'declined',
          providerEventId: `${status}:${tx}`,
          amountCents: centsOf(q.total),
          reason: reasonOf(q.message, status),
        };
      }
      const w = credentialsOrRefuse(credentials);
      // Over OUR total: a hash that matches proves WiPay charged this attempt's amount (the returned `total` may
      // include WiPay's fee and is not what we record).
      const expected = Buffer.from(wipayHash(tx, decimalOf(attempt.amountCents), w.apiKey));
      const given = Buffer.from((q.hash ?? '').toLowerCase());
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new RefusedResult('The WiPay hash does not match');
      }
      return {
        ...base,
        outcome: 'approved',
        providerEventId: `success:${tx}`,
        amountCents: attempt.amountCents,
        reason: null,
      };
    },
    // No status API: the re-check cannot know, and the attempt is flagged for staff after the wait.
    fetchStatus: async () => null,
  };
}
