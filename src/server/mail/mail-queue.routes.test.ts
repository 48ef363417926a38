import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import type { InvoiceDetail } from '../../contract/invoices';
import type { PackageSummary } from '../../contract/packages';
import { mayMove } from '../package-status/rules';
import { roomy } from '../test/auth';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, mailbox, registerBody } from '../test/helpers';
import type { Page } from '../test/packages';

type Session = Awaited<ReturnType<TestApp['login']>>;

/** The demo customer's parcels that staff may put on hold (the status's rules say which). */
async function parcelsOf(t: TestApp, customer: Session): Promise<PackageSummary[]> {
  const page = expectOk<Page<PackageSummary>>(
    await t.request({ method: 'GET', url: '/v1/packages?pageSize=50', token: customer.access }),
  );
  return page.items.filter((p) => mayMove(p.status, 'on_hold', 'staff'));
}

async function draftFor(
  t: TestApp,
  admin: Session,
  customerId: string,
  cents: number,
): Promise<InvoiceDetail> {
  const lines = [{ type: 'other', description: `Fee ${cents}`, quantity: 1, unit_price_cents: cents }];
  const res = await t.request({
    method: 'POST',
    url: '/v1/invoices',
    token: admin.access,
    payload: { customer_id: customerId, lines },
  });
  return expectOk<InvoiceDetail>(res, 201);
}

describe('mail is queued in the transaction of the change that causes it', () => {
  let t: TestApp;
  let admin: Session;
  let customer: Session;

  beforeAll(async () => {
    t = await createTestApp(roomy);
    [admin, customer] = await Promise.all([
      t.login(DEMO.admin.email, DEMO.admin.password),
      t.login(DEMO.customer.email, DEMO.customer.password),
    ]);
  });
  afterAll(() => t.close());

  /**
   * The next mail's job is written (in the change's transaction) and then its queueing fails, as a database error
   * or a lost connection would make it: the change must roll back with it, and no mail go.
   */
  function failNextMail() {
    const enqueue = t.app.services.jobs.enqueue.bind(t.app.services.jobs);
    return vi.spyOn(t.app.services.jobs, 'enqueue').mockImplementationOnce(async (name, data, opts) => {
      await enqueue(name, data, opts);
      throw new Error(`the ${name} job could not be queued`);
    });
  }

  const mailsTo = async (to: string, subject: RegExp) =>
    (await mailbox(t)).filter((m) => m.to === to && subject.test(m.subject));

  it('a status change, an invoice sent or paid, a sign-up and a reset roll back with their mail: no change, no mail', async () => {
    const [parcel] = await parcelsOf(t, customer);
    if (!parcel) throw new Error('the demo customer has no parcel to move');
    const spy = failNextMail();
    expectError(
      await t.request({
        method: 'POST',
        url: `/v1/admin/packages/${parcel.id}/status`,
        token: admin.access,
        payload: { status: 'on_hold', note: 'Held', hold_reason: 'customs_inspection' },
      }),
      500,
    );
    expect(spy).toHaveBeenCalledWith('mail', expect.anything(), { within: expect.anything() });
    const after = expectOk<PackageSummary>(
      await t.request({ method: 'GET', url: `/v1/packages/${parcel.id}`, token: customer.access }),
    );
    expect(after.status).toBe(parcel.status);

    const draft = await draftFor(t, admin, customer.userId, 4_200);
    failNextMail();
    const send = `/v1/invoices/${draft.id}/send`;
    expectError(await t.request({ method: 'POST', url: send, token: admin.access, payload: {} }), 500);
    const still = expectOk<InvoiceDetail>(
      await t.request({ method: 'GET', url: `/v1/invoices/${draft.id}`, token: admin.access }),
    );
    expect(still).toMatchObject({ status: 'draft', number: null });

    const issued = expectOk<InvoiceDetail>(
      await t.request({ method: 'POST', url: `/v1/invoices/${draft.id}/issue`, token: admin.access }),
    );
    failNextMail();
    const pay = { amount_cents: 4_200, method: 'cash', reference: 'R-1', note: '' };
    const paid = `/v1/invoices/${issued.id}/payments`;
    expectError(await t.request({ method: 'POST', url: paid, token: admin.access, payload: pay }), 500);
    const unpaid = expectOk<InvoiceDetail>(
      await t.request({ method: 'GET', url: `/v1/invoices/${issued.id}`, token: admin.access }),
    );
    expect(unpaid).toMatchObject({ status: 'issued', amount_paid_cents: 0 });

    const body = registerBody();
    failNextMail();
    expectError(await t.request({ method: 'POST', url: '/v1/auth/register', payload: body }), 500);
    await expect(t.login(String(body.email), String(body.password))).rejects.toThrow(/401/);

    const tokens = async () =>
      (
        await t.database.db.query.emailTokens.findMany({
          where: (e) => eq(e.userId, customer.userId),
        })
      ).length;
    const before = await tokens();
    failNextMail();
    const reset = { email: DEMO.customer.email };
    expectError(await t.request({ method: 'POST', url: '/v1/auth/passwordReset', payload: reset }), 500);
    expect(await tokens()).toBe(before);

    await t.app.services.jobs.drain();
    expect(await mailsTo(DEMO.customer.email, new RegExp(`^${parcel.tracking_number}: `))).toEqual([]);
    // (Its explicit issue in between mailed "is ready", as it should.)
    const rolledBack = / from Island Express: |^Invoice \S+ is paid|^Payment received|^Reset your/;
    expect(await mailsTo(DEMO.customer.email, rolledBack)).toEqual([]);
    expect(await mailsTo(String(body.email), /./)).toEqual([]);
    // The same calls with the queue working: each change and its mail.
    expectOk(await t.request({ method: 'POST', url: '/v1/auth/passwordReset', payload: reset }));
    expect(await tokens()).toBe(before + 1);
    await t.app.services.jobs.drain();
    expect(await mailsTo(DEMO.customer.email, /^Reset your/)).toHaveLength(1);
  });
});

describe('a mail that fails for good shows on its record for staff', () => {
  let t: TestApp;
  let admin: Session;
  let customer: Session;
  const trail = async (entity: string, id: string) =>
    expectOk<{ items: AuditEntry[] }>(
      await t.request({
        method: 'GET',
        url: `/v1/admin/audit?entity=${entity}&id=${id}`,
        token: admin.access,
      }),
    ).items;

  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: every delivery fails at once, and is not retried.
    t = await createTestApp({
      ...roomy,
      env: { SMTP_URL: 'smtp://127.0.0.1:9' },
      jobs: { retry: { limit: 0, delaySeconds: 0, backoff: false } },
    });
    [admin, customer] = await Promise.all([
      t.login(DEMO.admin.email, DEMO.admin.password),
      t.login(DEMO.customer.email, DEMO.customer.password),
    ]);
  });
  afterAll(() => t.close());

  it('on the package and the customer: "Mail to … failed: <reason>", by the system', async () => {
    const [parcel] = await parcelsOf(t, customer);
    if (!parcel) throw new Error('the demo customer has no parcel to move');
    expectOk(
      await t.request({
        method: 'POST',
        url: `/v1/admin/packages/${parcel.id}/status`,
        token: admin.access,
        payload: { status: 'on_hold', note: 'Held', hold_reason: 'customs_inspection' },
      }),
    );
    await t.app.services.jobs.drain();
    const failed = {
      action: 'mail_failed',
      actor: null,
      note: expect.stringMatching(/^Mail to customer@demo\.test failed: .+/),
      changes: { subject: [null, expect.stringMatching(new RegExp(`^${parcel.tracking_number}: `))] },
    };
    expect((await trail('package', parcel.id))[0]).toMatchObject(failed);
    expect((await trail('user', customer.userId))[0]).toMatchObject(failed);
  });

  it('a reset link staff sent: on the customer, after the entry saying it was sent', async () => {
    expectOk(
      await t.request({
        method: 'POST',
        url: `/v1/admin/customers/${customer.userId}/password-reset`,
        token: admin.access,
      }),
    );
    await t.app.services.jobs.drain();
    const [last, asked] = await trail('user', customer.userId);
    expect(last).toMatchObject({
      action: 'mail_failed',
      note: expect.stringMatching(/^Mail to customer@demo\.test failed: /),
      changes: { subject: [null, 'Reset your Island Express password'] },
    });
    expect(asked).toMatchObject({ action: 'password reset email sent', actor: { id: admin.userId } });
  });

  it('an invoice sent: not "sent", its send_error says why, its history says it failed', async () => {
    const draft = await draftFor(t, admin, customer.userId, 9_900);
    const url = `/v1/invoices/${draft.id}/send`;
    expectOk(await t.request({ method: 'POST', url, token: admin.access, payload: {} }));
    await t.app.services.jobs.drain();
    const inv = expectOk<InvoiceDetail>(
      await t.request({ method: 'GET', url: `/v1/invoices/${draft.id}`, token: admin.access }),
    );
    expect(inv.status).toBe('issued');
    expect(inv.sent_at).toBeNull();
    expect(inv.send_error).toMatch(/ECONNREFUSED|connect/i);
    expect((await trail('invoice', draft.id)).map((e) => e.action).slice(0, 3)).toEqual([
      'send_failed',
      'sending',
      'issued',
    ]);
  });
});
