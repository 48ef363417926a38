import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail, InvoiceSummary } from '../../contract/invoices';
import type { PackageSummary } from '../../contract/packages';
import type { PointsPage } from '../../contract/points';
import type { AccountSummary } from '../../contract/profile';
import { invoices, users } from '../db/schema';
import { type Cast, cast, expectRefused, outsiders } from '../test/access';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk, mailMatching, mailsAfterSettling } from '../test/helpers';
import { expectValidPdf } from '../test/pdf';

type Page<T> = { items: T[]; page: number; pageSize: number; total: number };

describe('invoices', () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  });
  afterAll(() => t.close());

  const list = async (token: string, query = '', host = 'localhost') =>
    expectOk<Page<InvoiceSummary>>(
      await t.request({ method: 'GET', url: `/v1/invoices${query}`, token, host }),
    );
  const detail = async (token: string, id: string) =>
    expectOk<InvoiceDetail>(await t.request({ method: 'GET', url: `/v1/invoices/${id}`, token }));
  const myPackages = async (token: string, status: string) =>
    expectOk<Page<PackageSummary>>(
      await t.request({ method: 'GET', url: `/v1/packages?status=${status}&pageSize=100`, token }),
    ).items;
  const create = (token: string, payload: unknown) =>
    t.request({ method: 'POST', url: '/v1/invoices', token, payload: payload as object });
  const update = (token: string, id: string, payload: unknown) =>
    t.request({ method: 'PUT', url: `/v1/invoices/${id}`, token, payload: payload as object });

  describe('GET /v1/invoices and /v1/invoices/{id}', () => {
    it('lists the customer’s seeded invoices (never drafts), newest first, paginated', async () => {
      const all = await list(c.customer.access, '?pageSize=100');
      expect(all.total).toBe(19);
      expect(all.items.every((i) => i.customer.id === c.customer.userId)).toBe(true);
      expect(all.items.some((i) => i.status === 'draft')).toBe(false);
      expect(all.items.every((i) => /^INV-\d{4}-\d{6}$/.test(i.number))).toBe(true);
      const count = (s: string) => all.items.filter((i) => i.status === s).length;
      expect([count('paid'), count('issued'), count('overdue'), count('cancelled')]).toEqual([11, 6, 1, 1]);
      const created = all.items.map((i) => i.created_at);
      expect([...created].sort().reverse()).toEqual(created);
      const p2 = await list(c.customer.access, '?pageSize=5&page=2');
      expect(p2.items.map((i) => i.id)).toEqual(all.items.slice(5, 10).map((i) => i.id));
      expect(all.items.every((i) => i.currency === 'JMD' && i.pdf_url === `/v1/invoices/${i.id}/pdf`)).toBe(
        true,
      );
    });

    it('filters by status and searches the number, the line descriptions and tracking numbers', async () => {
      const paid = await list(c.customer.access, '?status=paid&pageSize=100');
      expect(paid.total).toBe(11);
      expect(paid.items.every((i) => i.status === 'paid' && i.paid_at !== null)).toBe(true);
      const one = paid.items[0];
      if (!one) throw new Error('no invoice');
      expect((await list(c.customer.access, `?q=${one.number.slice(-6)}`)).items.map((i) => i.id)).toContain(
        one.id,
      );
      const tracking = one.tracking_numbers[0] ?? '';
      const byTracking = await list(c.customer.access, `?q=${tracking.slice(-8).toLowerCase()}`);
      expect(byTracking.items.map((i) => i.id)).toContain(one.id);
      const byLine = await list(c.customer.access, '?q=air%20freight&pageSize=100');
      expect(byLine.total).toBe(19);
      expect((await list(c.customer.access, '?q=_')).total).toBe(0); // a literal _, not a wildcard
      // A customer cannot widen the scope with customer_id.
      expect((await list(c.customer.access, `?customer_id=${c.neighbour.userId}`)).total).toBe(0);
    });

    it('gives the lines, linked packages and customer; totals add up', async () => {
      const consolidated = (await list(c.customer.access, '?status=paid&pageSize=100')).items.find(
        (i) => i.tracking_numbers.length === 2,
      );
      if (!consolidated) throw new Error('no consolidated invoice');
      const d = await detail(c.customer.access, consolidated.id);
      expect(d.packages).toHaveLength(2);
      expect(d.customer).toMatchObject({ id: c.customer.userId, email: 'customer@demo.test' });
      expect(d.customer.mailbox_number).toMatch(/^IEX-/);
      expect(d.lines.length).toBeGreaterThanOrEqual(2);
      for (const l of d.lines) expect(l.line_total_cents).toBe(l.quantity * l.unit_price_cents);
      const tax = d.lines.filter((l) => l.type === 'tax').reduce((s, l) => s + l.line_total_cents, 0);
      const rest = d.lines.filter((l) => l.type !== 'tax').reduce((s, l) => s + l.line_total_cents, 0);
      expect(d.tax_cents).toBe(tax);
      expect(d.subtotal_cents).toBe(rest);
      expect(d.total_cents).toBe(tax + rest);
      expect(d.lines.every((l) => l.package_id && l.tracking_number)).toBe(true);
      expect(d.lines[0]?.type).toBe('shipping');
    });

    it('hides drafts from customers; staff see them and their company’s invoices only', async () => {
      const staff = await list(c.admin.access, '?pageSize=100');
      expect(staff.total).toBe(20);
      const draft = staff.items.find((i) => i.status === 'draft');
      if (!draft) throw new Error('no draft');
      expectError(
        await t.request({ method: 'GET', url: `/v1/invoices/${draft.id}`, token: c.customer.access }),
        404,
      );
      expect((await detail(c.admin.access, draft.id)).status).toBe('draft');
      const mine = await list(c.admin.access, `?customer_id=${c.customer.userId}&pageSize=100`);
      expect(mine.total).toBe(20);
      const blue = await list(c.blue.access, '?pageSize=100', 'blue.localhost');
      expect(blue.total).toBe(7);
      expect(blue.items.every((i) => i.customer.id === c.blue.userId)).toBe(true);
    });

    it('refuses bad queries and ids', async () => {
      for (const q of ['?status=lost', '?pageSize=0', '?pageSize=101', '?customer_id=nope']) {
        expectError(
          await t.request({ method: 'GET', url: `/v1/invoices${q}`, token: c.customer.access }),
          400,
        );
      }
      expectError(
        await t.request({ method: 'GET', url: '/v1/invoices/nope', token: c.customer.access }),
        400,
      );
      expectError(
        await t.request({
          method: 'GET',
          url: '/v1/invoices/00000000-0000-4000-8000-000000000000',
          token: c.customer.access,
        }),
        404,
      );
    });
  });

  describe('GET /v1/invoices/{id}/pdf', () => {
    it('downloads a valid PDF named after the invoice', async () => {
      const inv = (await list(c.customer.access, '?status=paid')).items[0];
      if (!inv) throw new Error('no invoice');
      const res = await t.request({ method: 'GET', url: inv.pdf_url, token: c.customer.access });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${inv.number}.pdf"`),
      );
      const { pages, text } = expectValidPdf(res.rawPayload);
      expect(pages).toBe(1);
      expect(text).toContain(inv.number);
      expect(text).toContain('Island Express');
      expect(text).toContain('Kerry-Ann Campbell');
      expect(text).toContain('PAID');
    });

    it('breaks a long invoice over pages', async () => {
      const lines = Array.from({ length: 50 }, (_, i) => ({
        type: 'other',
        description: `Line ${i + 1}`,
        quantity: 1,
        unit_price_cents: 100,
      }));
      const inv = expectOk<InvoiceDetail>(
        await create(c.admin.access, { customer_id: c.customer.userId, lines }),
        201,
      );
      const res = await t.request({ method: 'GET', url: inv.pdf_url, token: c.admin.access });
      const { pages, text } = expectValidPdf(res.rawPayload);
      expect(pages).toBeGreaterThan(1);
      expect(text).toContain('Line 50');
      expect(text).toContain(`Page ${pages} of ${pages}`);
    });
  });

  describe('staff: create, edit, send', () => {
    let pkg: PackageSummary;
    beforeAll(async () => {
      const p = (await myPackages(c.customer.access, 'at_customs'))[1];
      if (!p) throw new Error('no package');
      pkg = p;
    });

    it('creates a draft with computed totals; refuses field by field', async () => {
      const inv = expectOk<InvoiceDetail>(
        await create(c.admin.access, {
          customer_id: c.customer.userId,
          lines: [
            {
              type: 'shipping',
              description: 'Air freight, 3 lb',
              quantity: 1,
              unit_price_cents: 135_000,
              package_id: pkg.id,
            },
            {
              type: 'handling',
              description: 'Handling',
              quantity: 2,
              unit_price_cents: 17_500,
              package_id: pkg.id,
            },
            { type: 'tax', description: 'GCT 15 %', quantity: 1, unit_price_cents: 25_500 },
          ],
          notes: 'Thank you',
        }),
        201,
        'Draft invoice created',
      );
      expect(inv).toMatchObject({
        status: 'draft',
        subtotal_cents: 170_000,
        tax_cents: 25_500,
        total_cents: 195_500,
        issued_at: null,
        notes: 'Thank you',
        tracking_numbers: [pkg.tracking_number],
      });
      expect(inv.number).toMatch(new RegExp(`^INV-${new Date().getUTCFullYear()}-\\d{6}$`));
      expect(inv.packages.map((p) => p.id)).toEqual([pkg.id]);

      const bad = expectError(
        await create(c.admin.access, {
          customer_id: c.customer.userId,
          lines: [{ type: 'freight', description: '', quantity: 0, unit_price_cents: -1 }],
        }),
        400,
      );
      expect(Object.keys(bad.errors ?? {})).toEqual(
        expect.arrayContaining([
          'lines.0.type',
          'lines.0.description',
          'lines.0.quantity',
          'lines.0.unit_price_cents',
        ]),
      );
      expect(
        expectError(await create(c.admin.access, { customer_id: c.customer.userId, lines: [] }), 400).errors
          ?.lines,
      ).toBeDefined();
      const stranger = expectError(
        await create(c.admin.access, {
          customer_id: '00000000-0000-4000-8000-000000000000',
          lines: [{ type: 'other', description: 'x', quantity: 1, unit_price_cents: 1 }],
        }),
        400,
      );
      expect(stranger.errors?.customer_id).toBeDefined();
      // A package of another customer cannot be billed to this one.
      const blueTracking = (await myPackages(c.customer.access, 'delivered'))[0];
      const other = expectError(
        await create(c.admin.access, {
          customer_id: c.neighbour.userId,
          lines: [
            {
              type: 'other',
              description: 'x',
              quantity: 1,
              unit_price_cents: 1,
              package_id: blueTracking?.id,
            },
          ],
        }),
        400,
      );
      expect(other.errors?.['lines.0.package_id']).toBeDefined();
      expectError(
        await create(c.customer.access, {
          customer_id: c.customer.userId,
          lines: [{ type: 'other', description: 'x', quantity: 1, unit_price_cents: 1 }],
        }),
        403,
      );
    });

    it('issues (notifying and mailing the customer), takes payment (awarding points), then freezes', async () => {
      const draft = expectOk<InvoiceDetail>(
        await create(c.admin.access, {
          customer_id: c.customer.userId,
          lines: [
            {
              type: 'shipping',
              description: 'Freight',
              quantity: 1,
              unit_price_cents: 250_000,
              package_id: pkg.id,
            },
          ],
        }),
        201,
      );
      // Lines can be replaced while a draft.
      const edited = expectOk<InvoiceDetail>(
        await update(c.admin.access, draft.id, {
          lines: [
            {
              type: 'shipping',
              description: 'Freight',
              quantity: 1,
              unit_price_cents: 250_000,
              package_id: pkg.id,
            },
            { type: 'handling', description: 'Handling', quantity: 1, unit_price_cents: 35_050 },
          ],
        }),
      );
      expect(edited.total_cents).toBe(285_050);
      expect(edited.lines.map((l) => l.position)).toEqual([1, 2]);
      const illegal = expectError(await update(c.admin.access, draft.id, { status: 'paid' }), 409);
      expect(illegal.errors?.status).toBeDefined();

      const issued = expectOk<InvoiceDetail>(await update(c.admin.access, draft.id, { status: 'issued' }));
      expect(issued.status).toBe('issued');
      expect(issued.issued_at).not.toBeNull();
      expect(issued.due_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const customerView = await detail(c.customer.access, draft.id);
      expect(customerView.total_cents).toBe(285_050);
      expect(
        await mailMatching(t, 'customer@demo.test', `Invoice ${issued.number} is ready · Island Express`),
      ).toBeDefined();

      const before = expectOk<PointsPage>(
        await t.request({ method: 'GET', url: '/v1/points', token: c.customer.access }),
      );
      const paid = expectOk<InvoiceDetail>(await update(c.admin.access, draft.id, { status: 'paid' }));
      expect(paid.paid_at).not.toBeNull();
      const after = expectOk<PointsPage>(
        await t.request({ method: 'GET', url: '/v1/points', token: c.customer.access }),
      );
      expect(after.balance - before.balance).toBe(28); // J$2,850.50 → 28 points
      expect(after.items[0]).toMatchObject({
        kind: 'invoice_paid',
        points: 28,
        reference: `invoice:${draft.id}`,
      });

      expectError(await update(c.admin.access, draft.id, { notes: 'late edit' }), 409);
      expectError(await update(c.admin.access, draft.id, { status: 'cancelled' }), 409);
      // Setting the same status again changes nothing and awards nothing.
      expectOk(await update(c.admin.access, draft.id, { status: 'paid' }));
      const again = expectOk<PointsPage>(
        await t.request({ method: 'GET', url: '/v1/points', token: c.customer.access }),
      );
      expect(again.balance).toBe(after.balance);
    });

    it('sends: a draft is issued, the customer gets a branded mail with the link and a notification', async () => {
      const draft = expectOk<InvoiceDetail>(
        await create(c.admin.access, {
          customer_id: c.customer.userId,
          lines: [{ type: 'customs', description: 'Customs fees', quantity: 1, unit_price_cents: 260_000 }],
        }),
        201,
      );
      const sent = expectOk<InvoiceDetail>(
        await t.request({ method: 'POST', url: `/v1/invoices/${draft.id}/send`, token: c.admin.access }),
        200,
        'Invoice sent',
      );
      expect(sent.status).toBe('issued');
      expect(sent.sent_at).not.toBeNull();
      const mail = await mailMatching(t, 'customer@demo.test', `Invoice ${sent.number} from Island Express`);
      expect(mail?.links).toEqual([`http://localhost/user/invoices/${draft.id}`]);
      expect(mail?.html).toContain('#6d28d9');
      expect(mail?.text).toContain('J$2,600.00');
      const notes = expectOk<{ items: { title: string; link: string }[] }>(
        await t.request({ method: 'GET', url: '/v1/notifications', token: c.customer.access }),
      );
      expect(notes.items[0]).toMatchObject({ link: `/user/invoices/${draft.id}` });
      // Cancel it: the customer is told; a cancelled invoice cannot be sent.
      expectOk(await update(c.admin.access, draft.id, { status: 'cancelled' }));
      expectError(
        await t.request({ method: 'POST', url: `/v1/invoices/${draft.id}/send`, token: c.admin.access }),
        409,
      );
      expectError(
        await t.request({
          method: 'POST',
          url: '/v1/invoices/00000000-0000-4000-8000-000000000000/send',
          token: c.admin.access,
        }),
        404,
      );
    });

    it('the explicit send mails even a customer who turned invoice emails off; an issue does not', async () => {
      await t.database.db
        .update(users)
        .set({
          notificationPrefs: {
            email_package_updates: true,
            email_invoices: false,
            email_purchase_requests: true,
          },
        })
        .where(eq(users.id, c.neighbour.userId));
      const me = expectOk<{ email: string }>(
        await t.request({ method: 'GET', url: '/v1/auth/me', token: c.neighbour.access }),
      );
      const mk = async () =>
        expectOk<InvoiceDetail>(
          await create(c.admin.access, {
            customer_id: c.neighbour.userId,
            lines: [{ type: 'other', description: 'Storage', quantity: 3, unit_price_cents: 15_000 }],
          }),
          201,
        );
      const a = await mk();
      expectOk(await update(c.admin.access, a.id, { status: 'issued' }));
      const b = await mk();
      expectOk(await t.request({ method: 'POST', url: `/v1/invoices/${b.id}/send`, token: c.admin.access }));
      const mails = await mailsAfterSettling(t, me.email);
      expect(mails.map((m) => m.subject).filter((s) => s.startsWith('Invoice'))).toEqual([
        `Invoice ${b.number} from Island Express`,
      ]);
    });

    it('an issued invoice past its due date becomes overdue, and counts in the balance due', async () => {
      const inv = expectOk<InvoiceDetail>(
        await create(c.admin.access, {
          customer_id: c.neighbour.userId,
          lines: [{ type: 'other', description: 'Old storage', quantity: 1, unit_price_cents: 99_999 }],
        }),
        201,
      );
      expectOk(await update(c.admin.access, inv.id, { status: 'issued', due_at: '2020-01-31' }));
      expect((await detail(c.neighbour.access, inv.id)).status).toBe('overdue');
      const summary = expectOk<AccountSummary>(
        await t.request({ method: 'GET', url: '/v1/account/summary', token: c.neighbour.access }),
      );
      const open = (await list(c.neighbour.access, '?pageSize=100')).items.filter(
        (i) => i.status === 'issued' || i.status === 'overdue',
      );
      expect(summary.balance_due_cents).toBe(open.reduce((s, i) => s + i.total_cents, 0));
      expect(summary.overdue_invoices).toBe(1);
      expect(summary.currency).toBe('JMD');
      // An overdue invoice can be re-issued with a new date, or paid.
      const back = expectOk<InvoiceDetail>(
        await update(c.admin.access, inv.id, { status: 'issued', due_at: '2999-01-01' }),
      );
      expect(back.status).toBe('issued');
      const [row] = await t.database.db
        .select({ status: invoices.status })
        .from(invoices)
        .where(and(eq(invoices.id, inv.id)));
      expect(row?.status).toBe('issued');
    });

    it('validates PUT bodies', async () => {
      const any = (await list(c.admin.access, '?status=draft')).items[0];
      if (!any) throw new Error('no draft');
      const res = expectError(
        await update(c.admin.access, any.id, { status: 'lost', due_at: 'soon', lines: [{}] }),
        400,
      );
      expect(Object.keys(res.errors ?? {})).toEqual(
        expect.arrayContaining(['status', 'due_at', 'lines.0.type', 'lines.0.description']),
      );
    });
  });

  describe('access: nobody else gets anything', () => {
    it('refuses other customers, the other company, anonymous and unverified callers on every call', async () => {
      const victim = (await list(c.customer.access, '?status=issued')).items[0];
      if (!victim) throw new Error('no invoice');
      const calls = [
        {
          name: 'detail',
          run: (token?: string, host?: string) =>
            t.request({ method: 'GET', url: `/v1/invoices/${victim.id}`, token, host }),
        },
        {
          name: 'pdf',
          run: (token?: string, host?: string) =>
            t.request({ method: 'GET', url: victim.pdf_url, token, host }),
        },
        {
          name: 'edit',
          run: (token?: string, host?: string) =>
            t.request({
              method: 'PUT',
              url: `/v1/invoices/${victim.id}`,
              token,
              host,
              payload: { status: 'paid' },
            }),
        },
        {
          name: 'send',
          run: (token?: string, host?: string) =>
            t.request({ method: 'POST', url: `/v1/invoices/${victim.id}/send`, token, host }),
        },
        {
          name: 'create',
          run: (token?: string, host?: string) =>
            t.request({
              method: 'POST',
              url: '/v1/invoices',
              token,
              host,
              payload: {
                customer_id: c.customer.userId,
                lines: [{ type: 'other', description: 'x', quantity: 1, unit_price_cents: 1 }],
              },
            }),
        },
      ];
      const callers = outsiders(c);
      await expectRefused(callers, calls);
      for (const who of callers) {
        const res = await t.request({
          method: 'GET',
          url: '/v1/invoices?pageSize=100',
          token: who.token,
          host: who.host,
        });
        if (who.expect.includes(404)) {
          expect(expectOk<Page<InvoiceSummary>>(res).items.some((i) => i.id === victim.id)).toBe(false);
        } else expect(who.expect).toContain(res.statusCode);
      }
      // The other company's staff cannot see it either (blue has no staff: use the platform admin's company view).
      expect((await detail(c.customer.access, victim.id)).status).toBe('issued');
    });
  });
});
