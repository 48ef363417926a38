import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProviderCharges } from '../db/schema-payments';
import type { Cast } from '../test/access';
import type { TestApp } from '../test/harness';
import { expectError, mailMatching } from '../test/helpers';
import { invoicesApp } from '../test/invoices';
import { paymentKit } from './test/payments-kit';

describe('online payments with the built-in test provider', () => {
  let t: TestApp;
  let c: Cast;
  const k = paymentKit(
    () => t,
    () => c,
  );

  beforeAll(async () => {
    ({ t, c } = await invoicesApp());
  });
  afterAll(() => t.close());

  it('no provider: no Pay button, and checkout says online payment is not set up', async () => {
    const options = await t.request({ method: 'GET', url: '/v1/payments/options', token: c.customer.access });
    expect(options.json().data.provider).toBe('none');
    const inv = await k.issued(5_000);
    expectError(await k.checkoutRaw([inv.id]), 409, /Online payment is not set up for /);
  });

  it('the approving card pays the invoice: Paid, receipt mailed, points, the staff invoice lists it', async () => {
    await k.setProvider({ provider: 'test', label: 'Pay by card' });
    const options = await t.request({ method: 'GET', url: '/v1/payments/options', token: c.customer.access });
    expect(options.json().data).toMatchObject({ provider: 'test', label: 'Pay by card' });
    const inv = await k.issued(250_000);
    const before = await k.points();
    const { attempt, redirect_url } = await k.checkout([inv.id]);
    expect(attempt).toMatchObject({ status: 'pending', amount_cents: 250_000, provider: 'test' });
    expect(redirect_url).toBe(`http://localhost/v1/payments/test/${attempt.id}`);

    const page = await t.request({ method: 'GET', url: `/v1/payments/test/${attempt.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Card number');
    expect(page.body).toContain('Pay J$2,500.00');
    expect(page.body).toContain('Approve and close the tab');

    const { back, landed } = await k.payWithCard(attempt.id, '4242 4242 4242 4242');
    expect(landed).toBe(`/user/invoices/payment/${attempt.id}`);
    const done = await k.attempt(attempt.id);
    expect(done.status).toBe('paid');
    expect(done.provider_reference).toMatch(/^TEST-/);
    const staff = await k.invoice(inv.id);
    expect(staff.status).toBe('paid');
    expect(staff.payments).toHaveLength(1);
    expect(staff.payments[0]).toMatchObject({
      method: 'online',
      amount_cents: 250_000,
      reference: done.provider_reference,
    });
    expect(await k.points()).toBeGreaterThan(before);
    const mail = await mailMatching(t, 'customer@demo.test', /Payment received: J\$2,500\.00/);
    expect(mail?.text).toContain(inv.number ?? 'none');

    // The same result again (a reload of the return page): 303 to the same page, nothing recorded twice.
    expect(await k.follow(back)).toBe(`/user/invoices/payment/${attempt.id}`);
    expect((await k.invoice(inv.id)).payments).toHaveLength(1);
  });

  it('the declining card leaves the invoice unpaid, with the reason', async () => {
    const inv = await k.issued(10_000);
    const { attempt } = await k.checkout([inv.id]);
    const { landed } = await k.payWithCard(attempt.id, '4000 0000 0000 0002');
    expect(landed).toBe(`/user/invoices/payment/${attempt.id}`);
    expect(await k.attempt(attempt.id)).toMatchObject({
      status: 'declined',
      reason: 'Your card was declined',
    });
    const staff = await k.invoice(inv.id);
    expect(staff.status).toBe('issued');
    expect(staff.payments).toHaveLength(0);
  });

  it('a tampered result (other amount, other currency, bad signature) changes nothing', async () => {
    const inv = await k.issued(20_000);
    const { attempt } = await k.checkout([inv.id]);
    const res = await k.testPay(attempt.id, { close: '1' });
    expect(res.statusCode).toBe(200);
    const charge = await t.app.services.payments.test.adapter.fetchStatus(
      t.database.db,
      await k.stored(attempt.id),
      { wipay: null },
    );
    expect(charge?.outcome).toBe('approved');
    const sign = t.app.services.payments.test.signedQuery;
    const base = {
      attempt: attempt.id,
      outcome: 'approved' as const,
      ref: charge?.providerReference ?? '',
      amount: '200.00',
      currency: 'JMD',
    };
    const forged = [
      // validly signed by this deployment, but not our attempt's amount or currency
      sign({ ...base, amount: '1.00' }),
      sign({ ...base, currency: 'USD' }),
      // a signature that does not match
      `${sign(base).replace(/sig=[^&]+/, 'sig=AAAA')}`,
      new URLSearchParams({
        ...base,
        amount: '1.00',
        sig: new URLSearchParams(sign(base)).get('sig') ?? '',
      }).toString(),
    ];
    for (const q of forged) {
      expect(await k.follow(`/v1/payments/return/test?${q}`)).toBe(`/user/invoices/payment/${attempt.id}`);
      expect((await k.stored(attempt.id)).status).toBe('pending');
      expect((await k.invoice(inv.id)).payments).toHaveLength(0);
    }
    // Nothing named at all: back to the invoices.
    expect(await k.follow('/v1/payments/return/test?outcome=approved')).toBe('/user/invoices');
  });

  it('closing the tab after approving still ends Paid once the attempt is re-checked', async () => {
    const inv = await k.issued(30_000);
    const { attempt } = await k.checkout([inv.id]);
    const res = await k.testPay(attempt.id, { close: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Payment approved');
    expect((await k.stored(attempt.id)).status).toBe('pending');
    const minutes = t.config.payments.recheckAfterMinutes;
    const tally = await t.app.services.payments.recheck(new Date(Date.now() + (minutes + 1) * 60_000));
    expect(tally.recorded).toBeGreaterThanOrEqual(1);
    expect((await k.stored(attempt.id)).status).toBe('paid');
    expect((await k.invoice(inv.id)).status).toBe('paid');
  });

  it('an invoice paid meanwhile at the counter is not paid twice: the attempt is flagged with the surplus', async () => {
    const a = await k.issued(40_000);
    const b = await k.issued(15_000);
    const { attempt } = await k.checkout([a.id, b.id]);
    expect(attempt.amount_cents).toBe(55_000);
    const cash = await t.request({
      method: 'POST',
      url: `/v1/invoices/${a.id}/payments`,
      token: c.admin.access,
      payload: { amount_cents: 40_000, method: 'cash' },
    });
    expect(cash.statusCode).toBe(201);
    await k.payWithCard(attempt.id, '4242424242424242');
    const done = await k.attempt(attempt.id);
    expect(done).toMatchObject({ status: 'flagged', surplus_cents: 40_000 });
    expect(done.reason).toMatch(/J\$400\.00 was paid online beyond what/);
    expect((await k.invoice(a.id)).payments.map((p) => p.method)).toEqual(['cash']);
    expect((await k.invoice(b.id)).status).toBe('paid');
    const flagged = await t.request({
      method: 'GET',
      url: '/v1/payments/attempts?status=flagged',
      token: c.admin.access,
    });
    expect(flagged.json().data.items.map((i: { id: string }) => i.id)).toContain(attempt.id);
  });

  it('refuses what cannot be paid: another customer’s invoice (404), paid or draft (409)', async () => {
    const theirs = await k.issued(1_000, c.neighbour.userId);
    expectError(await k.checkoutRaw([theirs.id]), 404);
    const paid = await k.issued(1_000);
    await t.request({
      method: 'POST',
      url: `/v1/invoices/${paid.id}/payments`,
      token: c.admin.access,
      payload: { amount_cents: 1_000, method: 'cash' },
    });
    expectError(await k.checkoutRaw([paid.id]), 409, /already paid/);
    const attemptOfOther = await k.checkout([theirs.id], c.neighbour.access);
    const peek = await t.request({
      method: 'GET',
      url: `/v1/payments/attempts/${attemptOfOther.attempt.id}`,
      token: c.customer.access,
    });
    expect(peek.statusCode).toBe(404);
  });

  it('the same invoices again reuse the pending attempt; others overlapping replace it', async () => {
    const a = await k.issued(5_000);
    const b = await k.issued(6_000);
    const first = await k.checkout([a.id]);
    const again = await k.checkout([a.id]);
    expect(again.attempt.id).toBe(first.attempt.id);
    const wider = await k.checkout([a.id, b.id]);
    expect(wider.attempt.id).not.toBe(first.attempt.id);
    expect((await k.stored(first.attempt.id)).status).toBe('cancelled');
  });

  it('staff reverse an online payment with a reason: refunded through the test provider, the close-out counts Online', async () => {
    const inv = await k.issued(12_300);
    const { attempt } = await k.checkout([inv.id]);
    await k.payWithCard(attempt.id, '4242424242424242');
    const closeout = await t.request({
      method: 'GET',
      url: '/v1/admin/counter/closeout',
      token: c.admin.access,
    });
    const online = closeout
      .json()
      .data.payments.by_method.find((m: { method: string }) => m.method === 'online');
    expect(online.count).toBeGreaterThanOrEqual(1);
    const payment = (await k.invoice(inv.id)).payments[0];
    const reversed = await t.request({
      method: 'POST',
      url: `/v1/invoices/${inv.id}/payments/${payment?.id}/reverse`,
      token: c.admin.access,
      payload: { reason: 'Customer asked for a refund' },
    });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json().data.status).not.toBe('paid');
    // The invoice's payment list says where the money went.
    const listed = reversed.json().data.payments.find((x: { id: string }) => x.id === payment?.id);
    expect(listed.note).toMatch(/^Refunded J\$123\.00 through Test card payment, reference /);
    const [charge] = await t.database.db
      .select()
      .from(testProviderCharges)
      .where(eq(testProviderCharges.attemptId, attempt.id));
    expect(charge?.refundedCents).toBe(12_300);
    const trail = await t.request({
      method: 'GET',
      url: `/v1/admin/audit?entity=invoice&id=${inv.id}`,
      token: c.admin.access,
    });
    expect(trail.body).toMatch(/Customer asked for a refund \(refunded J\$123\.00 through Test card payment/);
  });

  it('settings: the API key is write-only, kept when left out, and never in the audit trail', async () => {
    const put = (body: object) =>
      t.request({ method: 'PUT', url: '/v1/settings/payments', token: c.admin.access, payload: body });
    const missing = expectError(await put({ provider: 'wipay', wipay: { environment: 'sandbox' } }), 400);
    expect(missing.errors?.['wipay.api_key']).toBeDefined();
    const saved = await put({
      provider: 'wipay',
      wipay: { environment: 'sandbox', api_key: 'secret-key-123' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('secret-key-123');
    expect(saved.json().data.wipay.api_key_set).toBe(true);
    const kept = await put({ provider: 'wipay', label: 'Card', wipay: { environment: 'sandbox' } });
    expect(kept.json().data.wipay.api_key_set).toBe(true);
    const company = (await t.request({ method: 'GET', url: '/v1/companies/me' })).json().data.id;
    const trail = await t.request({
      method: 'GET',
      url: `/v1/admin/audit?entity=company&id=${company}`,
      token: c.admin.access,
    });
    expect(trail.body).toContain('changed');
    expect(trail.body).not.toContain('secret-key-123');
    expect(t.logs.join('\n')).not.toContain('secret-key-123');
    await k.setProvider({ provider: 'test' });
  });
});
