import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { InvoiceDetail } from '../../../contract/invoices';
import type { CheckoutResult, PaymentAttempt } from '../../../contract/payments';
import { paymentAttempts } from '../../db/schema-payments';
import type { Cast } from '../../test/access';
import type { TestApp } from '../../test/harness';
import { expectOk } from '../../test/helpers';

/** The calls the payment tests make (customer, admin, the browser's way through a provider). */
export function paymentKit(app: () => TestApp, cast: () => Cast) {
  let keys = 0;
  const t = () => app();
  const c = () => cast();

  const setProvider = async (body: object) =>
    expectOk(
      await t().request({
        method: 'PUT',
        url: '/v1/settings/payments',
        token: c().admin.access,
        payload: body,
      }),
    );

  /** A new issued invoice of the demo customer (or `customerId`) for `cents`. */
  const issued = async (cents: number, customerId = c().customer.userId, then = 'issue') =>
    expectOk<InvoiceDetail>(
      await t().request({
        method: 'POST',
        url: '/v1/invoices',
        token: c().admin.access,
        payload: {
          customer_id: customerId,
          lines: [{ type: 'other', description: `Line ${cents}`, quantity: 1, unit_price_cents: cents }],
          then,
        },
      }),
      201,
    );

  const checkoutRaw = (ids: string[], token = c().customer.access, host = 'localhost') =>
    t().request({
      method: 'POST',
      url: '/v1/payments/checkout',
      token,
      host,
      headers: { 'idempotency-key': `pay-${Date.now()}-${keys++}` },
      payload: { invoice_ids: ids },
    });
  const checkout = async (ids: string[], token?: string) =>
    expectOk<CheckoutResult>(await checkoutRaw(ids, token), 201);

  const attempt = async (id: string, token = c().customer.access) =>
    expectOk<PaymentAttempt>(await t().request({ method: 'GET', url: `/v1/payments/attempts/${id}`, token }));
  /** The attempt's row as stored (no re-check on the way). */
  const stored = async (id: string) => {
    const [row] = await t().database.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
    if (!row) throw new Error('no attempt');
    return row;
  };

  const invoice = async (id: string) =>
    expectOk<InvoiceDetail>(
      await t().request({ method: 'GET', url: `/v1/invoices/${id}`, token: c().admin.access }),
    );

  /** The browser on the test provider's page: posts the form, answers where it was sent. */
  const testPay = async (attemptId: string, form: Record<string, string>) => {
    const res = await t().request({
      method: 'POST',
      url: `/v1/payments/test/${attemptId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    return res;
  };
  /** Follows a redirect of the provider back to us: the PWA page it ends on. */
  const follow = async (location: string) => {
    const res = await t().request({ method: 'GET', url: location });
    expect(res.statusCode).toBe(303);
    return String(res.headers.location);
  };
  /** Pays an attempt with a card on the test page and comes back: the PWA page the browser lands on. */
  const payWithCard = async (attemptId: string, card: string) => {
    const res = await testPay(attemptId, { card_number: card });
    expect(res.statusCode).toBe(303);
    const back = String(res.headers.location);
    expect(back).toMatch(/^\/v1\/payments\/return\/test\?/);
    return { back, landed: await follow(back) };
  };

  const points = async () =>
    expectOk<{ balance: number }>(
      await t().request({ method: 'GET', url: '/v1/points', token: c().customer.access }),
    ).balance;

  return {
    setProvider,
    issued,
    checkoutRaw,
    checkout,
    attempt,
    stored,
    invoice,
    testPay,
    follow,
    payWithCard,
    points,
  };
}
