import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import { formatMoney } from '../../contract/format';
import type {
  InvoiceDetail,
  InvoiceMailDraft,
  InvoicePreview,
  InvoiceStats,
  UnbilledPackage,
} from '../../contract/invoices';
import type { PointsPage } from '../../contract/points';
import { companies, users } from '../db/schema';
import type { Cast } from '../test/access';
import type { TestApp } from '../test/harness';
import { expectError, expectOk, mailbox } from '../test/helpers';
import { invoiceCalls, invoicesApp } from '../test/invoices';
import { expectValidPdf } from '../test/pdf';

describe('invoices: issue, pay, revise, cancel, send (the back office flow)', () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    // A mail that fails is retried once, at once, then kept as failed (the send tests read what staff then see).
    ({ t, c } = await invoicesApp({ jobs: { retry: { limit: 1, delaySeconds: 0, backoff: false } } }));
  });
  afterAll(() => t.close());

  const { list, detail, create, update } = invoiceCalls(() => t);
  const post = (url: string, payload?: object, token = c.admin.access) =>
    t.request({ method: 'POST', url, token, ...(payload ? { payload } : {}) });
  const get = (url: string, token = c.admin.access) => t.request({ method: 'GET', url, token });
  const line = (cents: number, type = 'other', quantity = 1) => ({
    type,
    description: `Line ${cents}`,
    quantity,
    unit_price_cents: cents,
  });
  /** A new invoice of `customerId`: a draft, or issued at once (`then`, the create call's own field). */
  const draftFor = async (
    customerId: string,
    lines = [line(10_000)],
    extra: object = {},
    then: 'draft' | 'issue' = 'draft',
  ) =>
    expectOk<InvoiceDetail>(
      await create(c.admin.access, { customer_id: customerId, lines, then, ...extra }),
      201,
    );
  const issuedFor = (customerId: string, lines = [line(10_000)], extra: object = {}) =>
    draftFor(customerId, lines, extra, 'issue');
  const trail = async (id: string) =>
    expectOk<{ items: AuditEntry[] }>(await get(`/v1/admin/audit?entity=invoice&id=${id}`)).items;

  it('20 concurrent issues of 20 drafts hand out exactly the next 20 numbers', async () => {
    const drafts = await Promise.all(Array.from({ length: 20 }, () => draftFor(c.neighbour.userId)));
    expect(drafts.every((d) => d.number === null)).toBe(true);
    const before = (await list(c.admin.access, '?sort=number&pageSize=1')).items[0]?.number ?? '';
    const last = Number(before.slice(-6));
    const issued = await Promise.all(
      drafts.map(async (d) => expectOk<InvoiceDetail>(await post(`/v1/invoices/${d.id}/issue`))),
    );
    const numbers = issued.map((i) => Number((i.number ?? '').slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => last + 1 + i));
    expect(issued.every((i) => i.status === 'issued' && i.issue_date && i.due_at)).toBe(true);
    // Issuing again is refused; the trail says who issued it.
    const first = issued[0];
    if (!first) throw new Error('none issued');
    expectError(await post(`/v1/invoices/${first.id}/issue`), 409);
    expect((await trail(first.id)).map((e) => e.action)).toEqual(['issued', 'created']);
  });

  it('previews with the one arithmetic: discount off services, tax on services after discount', async () => {
    const p = expectOk<InvoicePreview>(
      await post('/v1/admin/invoices/preview', {
        lines: [
          line(10_000, 'shipping', 2),
          line(5_005, 'handling'),
          line(30_000, 'duty'),
          line(1_000, 'tax'),
        ],
        discount: { kind: 'percent', value: 1250 },
        tax_rate: '0.15',
      }),
    );
    // service 25,005; discount 12.5 % = 3,125.625 → 3,126; tax 1,000 + 15 % × 21,879 = 3,281.85 → 3,282
    expect(p).toMatchObject({
      service_cents: 25_005,
      customs_cents: 30_000,
      subtotal_cents: 55_005,
      discount_cents: 3_126,
      tax_cents: 1_000 + 3_282,
      total_cents: 55_005 - 3_126 + 4_282,
      tax_rate: '0.15',
      currency: 'JMD',
    });
    expect(p.lines.map((l) => l.line_total_cents)).toEqual([20_000, 5_005, 30_000, 1_000]);
    const big = expectOk<InvoicePreview>(
      await post('/v1/admin/invoices/preview', {
        lines: [line(1_000, 'shipping'), line(9_000, 'customs')],
        discount: { kind: 'amount', value: 50_000 },
      }),
    );
    expect(big).toMatchObject({ discount_cents: 1_000, total_cents: 9_000, tax_rate: '0' });
    expect(
      Object.keys(
        expectError(await post('/v1/admin/invoices/preview', { lines: [], tax_rate: '1,5' }), 400).errors ??
          {},
      ),
    ).toContain('tax_rate');
  });

  it('takes partial payments (partially paid → paid, points awarded once) and reverses one with a reason', async () => {
    const inv = await issuedFor(c.neighbour.userId, [line(100_000, 'shipping')]);
    expect(inv.status).toBe('issued');
    const pay = (amount: number, method = 'cash', token = c.admin.access) =>
      post(
        `/v1/invoices/${inv.id}/payments`,
        { amount_cents: amount, method, reference: 'R-1', note: 'staff only' },
        token,
      );
    expect(expectError(await pay(100_001), 400).errors?.amount_cents).toBeDefined();
    const part = expectOk<InvoiceDetail>(await pay(40_000), 201);
    expect(part).toMatchObject({
      status: 'partially_paid',
      amount_paid_cents: 40_000,
      balance_cents: 60_000,
    });
    expect(part.payments[0]).toMatchObject({
      amount_cents: 40_000,
      method: 'cash',
      note: 'staff only',
      recorded_by: expect.any(String),
    });
    // The customer sees the payment and balance, without staff's note or name.
    const mine = await detail(c.neighbour.access, inv.id);
    expect(mine.balance_cents).toBe(60_000);
    expect(mine.payments[0]).toMatchObject({ note: '', recorded_by: null, reference: 'R-1' });
    const points = async () => expectOk<PointsPage>(await get('/v1/points', c.neighbour.access)).balance;
    const p0 = await points();
    const paid = expectOk<InvoiceDetail>(await pay(60_000, 'card'), 201);
    expect(paid).toMatchObject({ status: 'paid', balance_cents: 0 });
    expect(paid.paid_at).not.toBeNull();
    expect(await points()).toBe(p0 + 10); // J$1,000 at J$100 a point
    expectError(await pay(1), 409);
    // Revising or cancelling a paid invoice is refused.
    expectError(await update(c.admin.access, inv.id, { notes: 'x', revision_note: 'y' }), 409);
    expectError(await post(`/v1/invoices/${inv.id}/cancel`, { reason: 'no' }), 409);

    const reversed = expectOk<InvoiceDetail>(
      await post(`/v1/invoices/${inv.id}/payments/${paid.payments[1]?.id}/reverse`, {
        reason: 'Card charged back',
      }),
    );
    expect(reversed).toMatchObject({
      status: 'partially_paid',
      amount_paid_cents: 40_000,
      balance_cents: 60_000,
      paid_at: null,
    });
    expect(reversed.payments[1]).toMatchObject({
      reverse_reason: 'Card charged back',
      reversed_at: expect.any(String),
    });
    // No longer paid: the points it earned are taken back.
    expect(await points()).toBe(p0);
    expectError(
      await post(`/v1/invoices/${inv.id}/payments/${paid.payments[1]?.id}/reverse`, { reason: 'again' }),
      409,
    );
    expect(
      expectError(await post(`/v1/invoices/${inv.id}/payments/${paid.payments[0]?.id}/reverse`, {}), 400)
        .errors?.reason,
    ).toBeDefined();
    // Paid again: earned again, once (in all, the invoice earned its points exactly once).
    const again = expectOk<InvoiceDetail>(await pay(60_000), 201);
    expect(await points()).toBe(p0 + 10);
    expectOk(
      await post(`/v1/invoices/${inv.id}/payments/${again.payments[2]?.id}/reverse`, { reason: 'Bounced' }),
    );
    expect(await points()).toBe(p0);
    expectOk(await pay(60_000), 201);
    expect(await points()).toBe(p0 + 10);
    const actions = (await trail(inv.id)).map((e) => e.action);
    expect(actions.filter((a) => a === 'payment')).toHaveLength(4);
    expect(actions).toContain('payment_reversed');
    // The customer was told of each payment.
    const notes = expectOk<{ items: { title: string }[] }>(
      await get('/v1/notifications', c.neighbour.access),
    );
    expect(notes.items.some((n) => n.title.startsWith('Payment received for'))).toBe(true);
    expect(notes.items.some((n) => n.title.endsWith('is paid'))).toBe(true);
  });

  it('pays with points at the company’s point value, and a reversal gives them back', async () => {
    expectOk(
      await post('/v1/admin/points/adjust', { user_id: c.neighbour.userId, points: 100, reason: 'Goodwill' }),
      201,
    );
    const inv = await issuedFor(c.neighbour.userId, [line(5_050, 'handling')]);
    const points = async () => expectOk<PointsPage>(await get('/v1/points', c.neighbour.access)).balance;
    const before = await points();
    const need = Math.ceil(5_050 / 100); // point_value_cents: J$1 a point, a fraction rounds up
    const paid = expectOk<InvoiceDetail>(
      await post(`/v1/invoices/${inv.id}/payments`, { amount_cents: 5_050, method: 'points' }),
      201,
    );
    expect(paid.status).toBe('paid');
    expect(paid.payments[0]).toMatchObject({ method: 'points', points: need });
    // Spent 51 (J$50.50 → 51 points); paying J$50.50 earns nothing at J$100 a point.
    expect(await points()).toBe(before - need);
    expectOk(
      await post(`/v1/invoices/${inv.id}/payments/${paid.payments[0]?.id}/reverse`, {
        reason: 'Wrong customer',
      }),
    );
    expect(await points()).toBe(before);
    expect((await detail(c.admin.access, inv.id)).status).toBe('issued');
  });

  it('refuses points beyond the balance with a 409', async () => {
    const inv = await issuedFor(c.neighbour.userId, [line(900_000_000, 'shipping')]);
    expectError(
      await post(`/v1/invoices/${inv.id}/payments`, { amount_cents: 900_000_000, method: 'points' }),
      409,
    );
    expect((await detail(c.admin.access, inv.id)).payments).toEqual([]);
  });

  it('revises an issued invoice (note required, total not below what is paid), and tells the customer', async () => {
    const inv = await issuedFor(c.neighbour.userId, [line(20_000, 'shipping')]);
    expectOk(await post(`/v1/invoices/${inv.id}/payments`, { amount_cents: 15_000, method: 'cash' }), 201);
    expect(
      expectError(await update(c.admin.access, inv.id, { lines: [line(30_000, 'shipping')] }), 400).errors
        ?.revision_note,
    ).toBeDefined();
    expectError(
      await update(c.admin.access, inv.id, { lines: [line(10_000, 'shipping')], revision_note: 'Lower' }),
      400,
    );
    const rev = expectOk<InvoiceDetail>(
      await update(c.admin.access, inv.id, {
        lines: [line(30_000, 'shipping')],
        revision_note: 'Weight corrected',
      }),
    );
    expect(rev).toMatchObject({
      revision: 1,
      total_cents: 30_000,
      balance_cents: 15_000,
      status: 'partially_paid',
    });
    const [entry] = await trail(inv.id);
    expect(entry).toMatchObject({ action: 'revised' });
    expect(entry?.note).toContain('Weight corrected');
    expect(entry?.changes.total_cents).toEqual([20_000, 30_000]);
    expect((await detail(c.neighbour.access, inv.id)).total_cents).toBe(30_000);
    const notes = expectOk<{ items: { title: string }[] }>(
      await get('/v1/notifications', c.neighbour.access),
    );
    expect(notes.items[0]?.title).toBe(`Invoice ${inv.number ?? rev.number} was updated`);
  });

  it('cancels issued invoices with a reason, deletes drafts, and duplicates', async () => {
    const draft = await draftFor(c.neighbour.userId);
    expectError(await post(`/v1/invoices/${draft.id}/cancel`, { reason: 'x' }), 409);
    const issued = await issuedFor(c.neighbour.userId, [line(5_000)], {
      notes: 'N',
      terms: 'T',
      discount: { kind: 'amount', value: 500 },
    });
    expectError(
      await t.request({ method: 'DELETE', url: `/v1/invoices/${issued.id}`, token: c.admin.access }),
      409,
    );
    expectOk(await post(`/v1/invoices/${issued.id}/payments`, { amount_cents: 100, method: 'cash' }), 201);
    expectError(await post(`/v1/invoices/${issued.id}/cancel`, { reason: 'Duplicate bill' }), 409);
    const withPay = await detail(c.admin.access, issued.id);
    expectOk(
      await post(`/v1/invoices/${issued.id}/payments/${withPay.payments[0]?.id}/reverse`, {
        reason: 'Refunded',
      }),
    );
    const cancelled = expectOk<InvoiceDetail>(
      await post(`/v1/invoices/${issued.id}/cancel`, { reason: 'Duplicate bill' }),
    );
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Duplicate bill',
      balance_cents: 0,
    });

    const copy = expectOk<InvoiceDetail>(await post(`/v1/invoices/${issued.id}/duplicate`), 201);
    expect(copy).toMatchObject({
      status: 'draft',
      number: null,
      notes: 'N',
      terms: 'T',
      discount: { kind: 'amount', value: 500 },
      total_cents: 4_500,
    });
    expect(copy.customer.id).toBe(c.neighbour.userId);

    expectOk(await t.request({ method: 'DELETE', url: `/v1/invoices/${draft.id}`, token: c.admin.access }));
    expectError(await get(`/v1/invoices/${draft.id}`), 404);
    expect((await trail(draft.id)).map((e) => e.action)).toEqual(['deleted', 'created']);
  });

  it('duplicating keeps a package only while it is on no live invoice', async () => {
    const unbilled = expectOk<UnbilledPackage[]>(
      await get(`/v1/admin/invoices/unbilled?customer_id=${c.customer.userId}`),
    );
    const pkg = unbilled.find((p) => p.lines.length > 0);
    if (!pkg) throw new Error('the demo customer has no unbilled package');
    const src = await draftFor(c.customer.userId, pkg.lines);
    const copy = expectOk<InvoiceDetail>(await post(`/v1/invoices/${src.id}/duplicate`), 201);
    expect(copy.lines.every((l) => l.package_id === null)).toBe(true);
    expect(copy.total_cents).toBe(src.total_cents);
    expectOk(await t.request({ method: 'DELETE', url: `/v1/invoices/${src.id}`, token: c.admin.access }));
    expectOk(await t.request({ method: 'DELETE', url: `/v1/invoices/${copy.id}`, token: c.admin.access }));
    const again = await issuedFor(c.customer.userId, pkg.lines);
    expectOk(await post(`/v1/invoices/${again.id}/cancel`, { reason: 'Redo' }));
    const redo = expectOk<InvoiceDetail>(await post(`/v1/invoices/${again.id}/duplicate`), 201);
    expect(redo.lines.every((l) => l.package_id === pkg.id)).toBe(true);
    expectOk(await t.request({ method: 'DELETE', url: `/v1/invoices/${redo.id}`, token: c.admin.access }));
  });

  it('sends through the queue with the PDF attached: "sending", then "sent" once the mail went, or why it failed for good', async () => {
    const inv = await draftFor(c.neighbour.userId, [line(12_345, 'shipping')]);
    const draft = expectOk<InvoiceMailDraft>(await get(`/v1/invoices/${inv.id}/mail`));
    expect(draft.from).toMatch(/^"Island Express" <.+@.+>$/);
    expect(draft.subject).toContain('{number}');
    expect(draft.subject).toContain('J$123.45');
    expect(draft.message).toMatch(/due by \w{3} \d{1,2}, \d{4}/);

    const mailer = t.app.mailer;
    const realSend = mailer.send;
    mailer.send = async () => {
      throw new Error('550 5.1.1 mailbox unavailable');
    };
    let created: InvoiceDetail;
    try {
      // Issued, and its mail queued with the issue: the reply cannot know yet what the mail server will say.
      const queued = await post(`/v1/invoices/${inv.id}/send`, { to: 'typo@nowhere.test' });
      expect(expectOk<InvoiceDetail>(queued, 200, 'Invoice queued to send')).toMatchObject({
        status: 'issued',
        send_error: null,
        sent_at: null,
      });
      // Created with "issue and send" while the mail fails: saved and issued (201), the failure on the invoice after.
      const res = await post('/v1/invoices', {
        customer_id: c.neighbour.userId,
        lines: [line(5_000, 'shipping')],
        // biome-ignore lint/suspicious/noThenProperty: the create body's field (plain JSON), never awaited
        then: 'send',
      });
      created = expectOk<InvoiceDetail>(res, 201, 'Invoice issued and queued to send');
      expect(created).toMatchObject({ status: 'issued', sent_at: null });
      await t.app.services.jobs.drain();
    } finally {
      mailer.send = realSend;
    }
    for (const id of [inv.id, created.id]) {
      expect(await detail(c.admin.access, id)).toMatchObject({
        status: 'issued',
        send_error: '550 5.1.1 mailbox unavailable',
        sent_at: null,
      });
    }
    expect((await detail(c.neighbour.access, inv.id)).send_error).toBeNull();
    expect((await trail(inv.id))[0]).toMatchObject({
      action: 'send_failed',
      changes: { to: [null, 'typo@nowhere.test'] },
      note: '550 5.1.1 mailbox unavailable',
      actor: { id: c.admin.userId },
    });

    // Sent again: while it is under way the old failure no longer shows, and it is "sent" only once it went.
    const sending = expectOk<InvoiceDetail>(
      await post(`/v1/invoices/${inv.id}/send`, {
        subject: draft.subject,
        message: 'See {number} attached.',
      }),
    );
    expect(sending).toMatchObject({ send_error: null, sent_at: null });
    await t.app.services.jobs.drain();
    const sent = await detail(c.admin.access, inv.id);
    expect(sent.send_error).toBeNull();
    expect(sent.sent_at).not.toBeNull();
    const mail = (await mailbox(t)).find(
      (m) => m.subject === draft.subject.replace('{number}', sent.number ?? ''),
    );
    expect(mail?.text).toContain(`See ${sent.number} attached.`);
    expect(mail?.attachments).toEqual([
      { filename: `${sent.number}.pdf`, contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    // The PDF that went out is the invoice: its number and total are in its text.
    const attached = await t.request({ method: 'GET', url: `/dev/mailbox/${mail?.id}/attachments/0` });
    const text = expectValidPdf(attached.rawPayload).text;
    expect(text).toContain(sent.number ?? '-');
    expect(text).toContain(formatMoney(sent.total_cents, sent.currency));
    const actions = (await trail(inv.id)).map((e) => e.action);
    expect(actions.slice(0, 5)).toEqual(['sent', 'sending', 'send_failed', 'sending', 'issued']);
  });

  it('sending a draft issues it and mails once: the invoice with its PDF (the bell says it is ready)', async () => {
    const inv = await draftFor(c.neighbour.userId, [line(7_700, 'shipping')]);
    const sent = expectOk<InvoiceDetail>(await post(`/v1/invoices/${inv.id}/send`));
    await t.app.services.jobs.drain();
    const mails = (await mailbox(t)).filter((m) => m.subject.includes(sent.number ?? '-'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.attachments).toHaveLength(1);
    const notes = expectOk<{ items: { title: string; body: string }[] }>(
      await get('/v1/notifications', c.neighbour.access),
    );
    expect(notes.items[0]?.title).toBe(`Invoice ${sent.number} is ready`);
    // The amount names its dollar and the due date reads as a date, not "2026-12-06".
    expect(notes.items[0]?.body).toMatch(/ for J\$[\d,]+\.\d{2} is ready, due by \w{3} \d{1,2}, \d{4}\.$/);
  });

  it('bulk-sends open invoices and refuses drafts in the result', async () => {
    const open = await issuedFor(c.neighbour.userId, [line(1_000)]);
    const draft = await draftFor(c.neighbour.userId);
    const r = expectOk<{ sent: number; failed: { id: string; reason: string }[] }>(
      await post('/v1/admin/invoices/send', { ids: [open.id, draft.id] }),
    );
    expect(r.sent).toBe(1);
    expect(r.failed).toEqual([{ id: draft.id, number: null, reason: expect.stringMatching(/draft/i) }]);
    await t.app.services.jobs.drain();
    expect((await detail(c.admin.access, open.id)).sent_at).not.toBeNull();
  });

  it('lists for staff: search by customer, status, dates, every sort; stats for the same filter', async () => {
    const [me] = await t.database.db.select().from(users).where(eq(users.id, c.neighbour.userId));
    if (!me) throw new Error('no neighbour');
    const byMailbox = await list(c.admin.access, `?q=${me.mailboxNumber}&pageSize=100`);
    expect(byMailbox.total).toBeGreaterThan(0);
    expect(byMailbox.items.every((i) => i.customer.id === me.id)).toBe(true);
    expect((await list(c.admin.access, `?q=${encodeURIComponent(me.email)}`)).total).toBe(byMailbox.total);
    // A search's total is the same on every page, past the last one too.
    const q = `?q=${me.mailboxNumber}&pageSize=2`;
    expect((await list(c.admin.access, `${q}&page=2`)).total).toBe(byMailbox.total);
    const beyond = await list(c.admin.access, `${q}&page=999`);
    expect(beyond).toMatchObject({ items: [], total: byMailbox.total });
    expect(
      (await list(c.admin.access, `?q=${encodeURIComponent(me.lastName)}&pageSize=100`)).items.some(
        (i) => i.customer.id === me.id,
      ),
    ).toBe(true);
    for (const sort of ['newest', 'oldest', 'number', 'due', 'total', 'balance', 'customer']) {
      const page = await list(c.admin.access, `?sort=${sort}&pageSize=25`);
      expect(page.items.length).toBe(25);
    }
    const totals = (await list(c.admin.access, '?sort=total&pageSize=100')).items.map((i) => i.total_cents);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    const today = new Date().toISOString().slice(0, 10);
    const todays = await list(c.admin.access, `?from=${today}&to=${today}&pageSize=100`);
    expect(todays.items.every((i) => (i.issue_date ?? i.created_at.slice(0, 10)) === today)).toBe(true);

    const all = await list(c.admin.access, `?customer_id=${me.id}&pageSize=100`);
    const stats = expectOk<InvoiceStats>(await get(`/v1/admin/invoices/stats?customer_id=${me.id}`));
    const billed = all.items.filter((i) => i.status !== 'draft' && i.status !== 'cancelled');
    const open = all.items.filter((i) => ['issued', 'partially_paid', 'overdue'].includes(i.status));
    expect(stats).toMatchObject({
      customers: 1,
      invoices: all.total,
      total_cents: billed.reduce((s, i) => s + i.total_cents, 0),
      paid_cents: billed.reduce((s, i) => s + i.amount_paid_cents, 0),
      unpaid_cents: open.reduce((s, i) => s + i.balance_cents, 0),
      currency: 'JMD',
    });
    const overdue = expectOk<InvoiceStats>(await get('/v1/admin/invoices/stats?status=overdue'));
    expect(overdue.invoices).toBe(overdue.overdue);
  });

  it('a payment on an overdue invoice leaves it overdue until the balance is 0', async () => {
    const inv = await draftFor(c.neighbour.userId, [line(10_000)], { due_at: '2020-01-10' });
    const issued = expectOk<InvoiceDetail>(await post(`/v1/invoices/${inv.id}/issue`));
    expect(issued).toMatchObject({ status: 'overdue', due_at: '2020-01-10' });
    const part = expectOk<InvoiceDetail>(
      await post(`/v1/invoices/${inv.id}/payments`, { amount_cents: 4_000, method: 'bank_transfer' }),
      201,
    );
    expect(part.status).toBe('overdue');
    const done = expectOk<InvoiceDetail>(
      await post(`/v1/invoices/${inv.id}/payments`, { amount_cents: 6_000, method: 'cash' }),
      201,
    );
    expect(done.status).toBe('paid');
    const back = expectOk<InvoiceDetail>(
      await post(`/v1/invoices/${inv.id}/payments/${done.payments[1]?.id}/reverse`, { reason: 'Bounced' }),
    );
    expect(back.status).toBe('overdue');
  });

  it('issues with the company’s due days and the tax rate of its settings', async () => {
    const [co] = await t.database.db.select().from(companies).where(eq(companies.slug, 'island-express'));
    if (!co) throw new Error('no company');
    const inv = await issuedFor(c.neighbour.userId, [line(10_000, 'shipping')], { issue_date: '2026-03-01' });
    expect(inv.issue_date).toBe('2026-03-01');
    expect(inv.due_at).toBe('2026-03-15'); // 14 days
    expect(inv.number).toMatch(/^INV-2026-\d{6}$/);
    expect(inv.tax_rate).toBe('0');
  });

  it('bills unbilled packages with the estimator’s own figures for the same inputs', async () => {
    const unbilled = expectOk<UnbilledPackage[]>(
      await get(`/v1/admin/invoices/unbilled?customer_id=${c.customer.userId}`),
    );
    const cats = expectOk<{ id: number; code: string }[]>(await get('/v1/dutycategories', c.customer.access));
    const priced = unbilled.filter((p) => p.weight_lb && p.declared_value_usd_cents && p.category);
    expect(priced.length).toBeGreaterThan(0);
    let customsSeen = 0;
    for (const p of priced) {
      const category = cats.find((k) => k.code === p.category);
      if (!category) throw new Error(`no category ${p.category}`);
      const est = expectOk<Record<string, number | boolean>>(
        await post(
          '/v1/dutycalculator',
          {
            category_id: category.id,
            value_usd: (p.declared_value_usd_cents ?? 0) / 100,
            weight_lb: p.weight_lb,
            shipping_method: 'air',
          },
          c.customer.access,
        ),
      );
      const byStart = (prefix: string) =>
        p.lines.find((l) => l.description.startsWith(prefix))?.unit_price_cents ?? 0;
      expect(
        {
          freight: byStart('Air freight'),
          handling: byStart('Handling'),
          duty: byStart('Import duty'),
          scf: byStart('Standards compliance fee'),
          envl: byStart('Environmental levy'),
          gct: byStart('GCT on import'),
          stamp: byStart('Stamp duty'),
          caf: byStart('Customs administrative fee'),
        },
        p.tracking_number,
      ).toEqual({
        freight: est.freight,
        handling: est.handling,
        duty: est.duty,
        scf: est.scf,
        envl: est.envl,
        gct: est.gct,
        stamp: est.stamp,
        caf: est.caf,
      });
      if (Number(est.customs_total) > 0) customsSeen++;
      expect(p.lines.every((l) => l.package_id === p.id)).toBe(true);
    }
    expect(customsSeen).toBeGreaterThan(0);
    // A package already on a live invoice is not offered again.
    const first = priced[0];
    if (!first) throw new Error('none priced');
    const inv = await draftFor(c.customer.userId, first.lines);
    const after = expectOk<UnbilledPackage[]>(
      await get(`/v1/admin/invoices/unbilled?customer_id=${c.customer.userId}`),
    );
    expect(after.map((p) => p.id)).not.toContain(first.id);
    expectOk(await t.request({ method: 'DELETE', url: `/v1/invoices/${inv.id}`, token: c.admin.access }));
    expectError(await get(`/v1/admin/invoices/unbilled?customer_id=${c.blue.userId}`), 400);
  });

  it('prints issue date, discount, tax with its label, payments, amount paid, balance, terms, DRAFT and revision', async () => {
    const pdfText = async (id: string) => {
      const res = await t.request({ method: 'GET', url: `/v1/invoices/${id}/pdf`, token: c.admin.access });
      expect(res.statusCode).toBe(200);
      return expectValidPdf(res.rawPayload).text;
    };
    const draft = await draftFor(c.neighbour.userId, [line(20_000, 'shipping')], {
      discount: { kind: 'percent', value: 1000 },
      tax_rate: '0.15',
      terms: 'Pay within 14 days',
    });
    const draftText = await pdfText(draft.id);
    expect(draftText).toContain('DRAFT');
    // A no-break space before the % sign (the font draws it with the space's glyph, so it reads back as a space).
    expect(draftText).toMatch(/Discount \(10\s%\)/);
    expect(draftText).toMatch(/GCT on services \(15\s%\)/);
    expect(draftText).toContain('TERMS\nPay within 14 days');
    const issued = expectOk<InvoiceDetail>(await post(`/v1/invoices/${draft.id}/issue`));
    expectOk(
      await post(`/v1/invoices/${draft.id}/payments`, {
        amount_cents: 5_000,
        method: 'card',
        reference: 'AUTH-77',
      }),
      201,
    );
    expectOk(await update(c.admin.access, draft.id, { notes: 'Weighed again', revision_note: 'Note added' }));
    const text = await pdfText(draft.id);
    expect(text).not.toContain('DRAFT');
    expect(text).toContain(`${issued.number} · revision 1`);
    expect(text).toContain('Card');
    expect(text).toContain('AUTH-77');
    expect(text).toContain('Paid');
    expect(text).toContain('Balance due');
    expect(text).toContain('Partially paid');
    expect(text).toMatch(/Issued[\s\S]*\w{3} \d{1,2}, \d{4}/);
    // Lines by group with their totals, and how to pay while a balance is left, quoting the invoice number.
    expect(text).toContain('Shipping charges');
    expect(text).toContain('Shipping charges total');
    expect(text).toContain('HOW TO PAY');
    expect(text).toContain(`Reference: ${issued.number} (the invoice number, so we can match your payment)`);
    expect(text).toMatch(/J\$[\d,]+\.\d{2}/);
  });
});
