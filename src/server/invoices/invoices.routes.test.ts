import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../contract/format';
import type { InvoiceDetail, InvoiceSummary } from '../../contract/invoices';
import { type Cast, expectRefused, outsiders } from '../test/access';
import type { TestApp } from '../test/harness';
import { expectError, expectOk, signUp } from '../test/helpers';
import { invoiceCalls, invoicesApp } from '../test/invoices';
import type { Page } from '../test/packages';
import { expectValidPdf } from '../test/pdf';

describe('invoices: lists, details, PDFs and access', () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    ({ t, c } = await invoicesApp());
  });
  afterAll(() => t.close());

  const { list, detail, create } = invoiceCalls(() => t);

  describe('GET /v1/invoices and /v1/invoices/{id}', () => {
    it('lists the customer’s seeded invoices (never drafts), newest first, paginated', async () => {
      const all = await list(c.customer.access, '?pageSize=100');
      expect(all.total).toBe(19);
      expect(all.items.every((i) => i.customer.id === c.customer.userId)).toBe(true);
      expect(all.items.some((i) => i.status === 'draft')).toBe(false);
      expect(all.items.every((i) => /^INV-\d{4}-\d{6}$/.test(i.number ?? ''))).toBe(true);
      const count = (s: string) => all.items.filter((i) => i.status === s).length;
      expect([
        count('paid'),
        count('issued'),
        count('partially_paid'),
        count('overdue'),
        count('cancelled'),
      ]).toEqual([11, 5, 1, 1, 1]);
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
      expect(
        (await list(c.customer.access, `?q=${(one.number ?? '').slice(-6)}`)).items.map((i) => i.id),
      ).toContain(one.id);
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

    it('groups the lines and gives the CIF value the customs lines are computed on', async () => {
      const all = await list(c.customer.access, '?pageSize=100');
      const details = await Promise.all(all.items.map((i) => detail(c.customer.access, i.id)));
      const taxed = details.find((d) => d.lines.some((l) => l.type === 'duty'));
      if (!taxed) throw new Error('no invoice with duty');
      for (const l of taxed.lines) {
        const expected = {
          shipping: 'shipping',
          handling: 'shipping',
          duty: 'customs',
          customs: 'customs',
          tax: 'customs',
          other: 'other',
        }[l.type];
        expect(l.group).toBe(expected);
      }
      const bases = taxed.customs_bases ?? [];
      expect(bases.length).toBeGreaterThan(0);
      for (const b of bases) {
        expect(b.cif_cents).toBe(b.goods_value_cents + b.freight_cents + b.insurance_cents);
        expect(b.goods_value_cents).toBe(Math.round(b.goods_value_usd_cents * Number(b.exchange_rate)));
        // The duty line is that CIF × the category's rate: the line says the same CIF.
        const duty = taxed.lines.find((l) => l.type === 'duty' && l.package_id === b.package_id);
        if (duty) expect(duty.description).toContain(formatMoney(b.cif_cents, 'JMD'));
      }
    });

    it('says how to pay an unpaid invoice, quoting its number, and nothing once it is paid', async () => {
      const open = (await list(c.customer.access, '?status=issued')).items[0];
      const paid = (await list(c.customer.access, '?status=paid')).items[0];
      if (!open || !paid) throw new Error('no invoices');
      const how = (await detail(c.customer.access, open.id)).how_to_pay;
      expect(how?.bank_transfer).toMatchObject({
        bank_name: expect.stringMatching(/\w/),
        reference: open.number,
      });
      expect(how?.counter).toMatch(/counter/);
      expect(how?.overdue).toMatch(/overdue/);
      expect((await detail(c.customer.access, paid.id)).how_to_pay).toBeNull();
      const blueOpen = (await list(c.blue.access, '?status=issued', 'blue.localhost')).items[0];
      if (blueOpen) {
        const blue = await t.request({
          method: 'GET',
          url: `/v1/invoices/${blueOpen.id}`,
          token: c.blue.access,
          host: 'blue.localhost',
        });
        expect(expectOk<InvoiceDetail>(blue).how_to_pay?.online_url).toMatch(/^https:/);
      }
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
      expect(text).toContain('Paid — thank you.');
    });

    it('prints the customer’s name as written, whatever its letters: "Łukasz Nguyễn"', async () => {
      const customer = await signUp(t, 'localhost', { first_name: 'Łukasz', last_name: 'Nguyễn' });
      const inv = expectOk<InvoiceDetail>(
        await create(c.admin.access, {
          customer_id: customer.userId,
          lines: [
            { type: 'other', description: 'Zażółć gęślą jaźń, phở bò', quantity: 1, unit_price_cents: 500 },
          ],
          // biome-ignore lint/suspicious/noThenProperty: a field of the create body (a plain JSON value), never awaited
          then: 'issue',
        }),
        201,
      );
      // As staff download it (the new customer has not verified their email yet, so cannot sign in to it).
      const res = await t.request({ method: 'GET', url: inv.pdf_url, token: c.admin.access });
      const { text, runs } = expectValidPdf(res.rawPayload);
      expect(runs.map((r) => r.text)).toContain('Łukasz Nguyễn');
      expect(text).toContain('Zażółć gęślą jaźń, phở bò');
      expect(text).not.toContain('?ukasz');
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
