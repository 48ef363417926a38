import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cast } from '../test/access';
import { cast } from '../test/access';
import { createTestApp, type TestApp } from '../test/harness';
import { paymentKit } from './test/payments-kit';
import { startWipayFake } from './test/wipay-fake';

describe('the WiPay adapter against a local fake of WiPay', () => {
  let t: TestApp;
  let c: Cast;
  let fake: Awaited<ReturnType<typeof startWipayFake>>;
  const k = paymentKit(
    () => t,
    () => c,
  );

  beforeAll(async () => {
    fake = await startWipayFake({ apiKey: 'wipay-key-123' });
    t = await createTestApp({ env: { WIPAY_BASE_URL: fake.url } });
    c = await cast(t);
    await k.setProvider({
      provider: 'wipay',
      wipay: {
        environment: 'sandbox',
        fee_structure: 'customer_pay',
        country_code: 'JM',
        api_key: 'wipay-key-123',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A checkout of one new invoice: the attempt, and the order WiPay received for it. */
  const started = async (cents: number) => {
    const inv = await k.issued(cents);
    const { attempt, redirect_url } = await k.checkout([inv.id]);
    const order = fake.orders.find((o) => o.transaction_id === attempt.provider_reference);
    if (!order) throw new Error('WiPay got no order');
    return { inv, attempt, order, redirect_url };
  };
  const back = (query: string) => k.follow(`/v1/payments/return/wipay?${query}`);

  it('asks WiPay for a hosted page with our order: sandbox account, our total, our return URL', async () => {
    const { attempt, order, redirect_url } = await started(123_450);
    expect(redirect_url).toBe(`https://fake-wipay.test/hosted/${order.transaction_id}`);
    expect(order).toMatchObject({
      account_number: '1234567890',
      environment: 'sandbox',
      currency: 'JMD',
      total: '1234.50',
      method: 'credit_card',
      response_url: 'http://localhost/v1/payments/return/wipay',
    });
    expect(order.order_id?.length).toBeLessThanOrEqual(16);
    expect(attempt.provider_reference).toBe(order.transaction_id);
  });

  it('approved, with a returned total that includes the fee: Paid at our amount', async () => {
    const { inv, attempt, order } = await started(100_000);
    const q = fake.resultFor(order, 'success');
    expect(new URLSearchParams(q).get('total')).toBe('1042.00');
    expect(await back(q)).toBe(`/user/invoices/payment/${attempt.id}`);
    expect((await k.attempt(attempt.id)).status).toBe('paid');
    const staff = await k.invoice(inv.id);
    expect(staff.status).toBe('paid');
    expect(staff.payments.map((p) => [p.method, p.amount_cents, p.reference])).toEqual([
      ['online', 100_000, order.transaction_id],
    ]);
    // The same redirect again: nothing more.
    await back(q);
    expect((await k.invoice(inv.id)).payments).toHaveLength(1);
  });

  it('declined: unpaid, with WiPay’s reason in words', async () => {
    const { inv, attempt, order } = await started(50_000);
    await back(fake.resultFor(order, 'failed'));
    expect(await k.attempt(attempt.id)).toMatchObject({
      status: 'declined',
      reason: 'Transaction is declined.',
    });
    expect((await k.invoice(inv.id)).payments).toHaveLength(0);
  });

  it('a hash that does not match (or a result of another order) changes nothing', async () => {
    const { inv, attempt, order } = await started(70_000);
    await back(fake.resultFor(order, 'success', { hash: '0'.repeat(32) }));
    const other = await started(70_000);
    // A genuine success of the other order, replayed against this one: the hash holds, the order does not.
    const replay = new URLSearchParams(fake.resultFor(other.order, 'success'));
    replay.set('order_id', order.order_id ?? '');
    await back(replay.toString());
    expect((await k.stored(attempt.id)).status).toBe('pending');
    expect((await k.invoice(inv.id)).payments).toHaveLength(0);
  });

  it('no status API: a pending attempt is flagged for staff after the wait', async () => {
    const { attempt } = await started(9_000);
    const later = new Date(Date.now() + (t.config.payments.flagAfterMinutes + 1) * 60_000);
    const tally = await t.app.services.payments.recheck(later);
    expect(tally.flagged).toBeGreaterThanOrEqual(1);
    const row = await k.stored(attempt.id);
    expect(row.status).toBe('flagged');
    expect(row.reason).toMatch(/did not tell us how this payment/);
  });
});
