import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../contract/format';
import type { InvoiceDetail } from '../../contract/invoices';
import type { PackageSummary } from '../../contract/packages';
import type { PointsPage } from '../../contract/points';
import type { AccountSummary } from '../../contract/profile';
import { invoices, users } from '../db/schema';
import type { Cast } from '../test/access';
import type { TestApp } from '../test/harness';
import { expectError, expectOk, mailMatching, mailsAfterSettling } from '../test/helpers';
import { invoiceCalls, invoicesApp } from '../test/invoices';

describe('invoices: staff create, edit, send', () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    ({ t, c } = await invoicesApp());
  });
  afterAll(() => t.close());

  const { list, detail, myPackages, create, update } = invoiceCalls(() => t);

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
      // A draft has no number: numbers are handed out on issue, so deleted drafts leave no gaps.
      expect(inv.number).toBeNull();
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
      // Paid is reached by payments, never set.
      const illegal = expectError(await update(c.admin.access, draft.id, { status: 'paid' }), 400);
      expect(illegal.errors?.status).toBeDefined();

      const issued = expectOk<InvoiceDetail>(await update(c.admin.access, draft.id, { status: 'issued' }));
      expect(issued.status).toBe('issued');
      expect(issued.number).toMatch(new RegExp(`^INV-${new Date().getUTCFullYear()}-\\d{6}$`));
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
      const paid = expectOk<InvoiceDetail>(
        await t.request({
          method: 'POST',
          url: `/v1/invoices/${draft.id}/payments`,
          token: c.admin.access,
          payload: { amount_cents: 285_050, method: 'cash' },
        }),
        201,
      );
      expect(paid).toMatchObject({ status: 'paid', amount_paid_cents: 285_050, balance_cents: 0 });
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
      // A paid invoice takes no more payment, and awards nothing again.
      expectError(
        await t.request({
          method: 'POST',
          url: `/v1/invoices/${draft.id}/payments`,
          token: c.admin.access,
          payload: { amount_cents: 1, method: 'cash' },
        }),
        409,
      );
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
        'Invoice queued to send',
      );
      expect(sent.status).toBe('issued');
      const mail = await mailMatching(
        t,
        'customer@demo.test',
        new RegExp(`^Invoice ${sent.number} from Island Express: J\\$2,600\\.00, due by `),
      );
      expect(mail?.attachments).toEqual([
        { filename: `${sent.number}.pdf`, contentType: 'application/pdf', size: expect.any(Number) },
      ]);
      expect(mail?.links).toEqual([`http://localhost/user/invoices/${draft.id}`]);
      expect(mail?.html).toContain('#6d28d9');
      expect(mail?.text).toContain('J$2,600.00');
      // "Sent" once the mail went, not before.
      await t.app.services.jobs.drain();
      expect((await detail(c.admin.access, draft.id)).sent_at).not.toBeNull();
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
      // The send's mail goes once its PDF is drawn (the job queue, after the reply): wait for it, then for any other.
      await mailMatching(t, me.email, /^Invoice/, 10_000);
      const mails = await mailsAfterSettling(t, me.email);
      const sentB = await detail(c.admin.access, b.id);
      const subjects = mails.map((m) => m.subject).filter((s) => s.startsWith('Invoice'));
      expect(subjects).toHaveLength(1);
      expect(subjects[0]).toMatch(new RegExp(`^Invoice ${sentB.number} from Island Express`));
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
        (i) => i.status === 'issued' || i.status === 'partially_paid' || i.status === 'overdue',
      );
      expect(summary.balance_due_cents).toBe(open.reduce((s, i) => s + i.balance_cents, 0));
      expect(summary.overdue_invoices).toBe(1);
      expect(summary.currency).toBe('JMD');
      // An overdue invoice can be re-issued with a new date, or paid.
      // Changing an issued invoice is a revision, and says why.
      expect(
        expectError(await update(c.admin.access, inv.id, { due_at: '2999-01-01' }), 400).errors
          ?.revision_note,
      ).toBeDefined();
      const back = expectOk<InvoiceDetail>(
        await update(c.admin.access, inv.id, { due_at: '2999-01-01', revision_note: 'New date agreed' }),
      );
      expect(back).toMatchObject({ status: 'issued', revision: 1 });
      const [row] = await t.database.db
        .select({ status: invoices.status })
        .from(invoices)
        .where(and(eq(invoices.id, inv.id)));
      expect(row?.status).toBe('issued');
    });

    it("is overdue from the day after its due date in the company's time zone, not UTC's", async () => {
      // Pago Pago (UTC−11) and Kiritimati (UTC+14) are 25 hours apart: whatever the hour, Kiritimati's date is
      // after Pago Pago's. Due "today in Pago Pago" is not overdue there, and overdue for a company in Kiritimati.
      const zone = async (time_zone: string) =>
        expectOk(
          await t.request({
            method: 'PUT',
            url: '/v1/settings',
            token: c.admin.access,
            payload: { time_zone },
          }),
        );
      try {
        await zone('Pacific/Pago_Pago');
        const inv = expectOk<InvoiceDetail>(
          await create(c.admin.access, {
            customer_id: c.neighbour.userId,
            lines: [{ type: 'other', description: 'Due today', quantity: 1, unit_price_cents: 1_000 }],
          }),
          201,
        );
        const due = dayIn(new Date(), 'Pacific/Pago_Pago');
        expectOk(await update(c.admin.access, inv.id, { status: 'issued', due_at: due }));
        expect((await detail(c.neighbour.access, inv.id)).status).toBe('issued');
        await zone('Pacific/Kiritimati');
        expect((await detail(c.neighbour.access, inv.id)).status).toBe('overdue');
      } finally {
        await zone('America/Jamaica');
      }
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
});
