import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatExchangeRate, formatMoney } from '../../contract/format';
import type { InvoiceDetail, InvoiceLineInput, UnbilledPackage } from '../../contract/invoices';
import type { RateSet, RatesOverview } from '../../contract/rates';
import { invoices } from '../db/schema';
import type { Cast } from '../test/access';
import type { TestApp } from '../test/harness';
import { expectOk } from '../test/helpers';
import { invoiceCalls, invoicesApp } from '../test/invoices';
import { expectValidPdf } from '../test/pdf';

/**
 * The CIF value an invoice's customs lines are computed on is stored with the lines: an issued invoice keeps it when
 * the exchange rate moves, a draft whose lines are computed again follows the new rate, and a customs line staff
 * change is said not to be computed on it. Also the invoice search by number (Ctrl+K) and the PDF's closing rows.
 */
describe('invoices: the CIF value stored with the customs lines', () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    ({ t, c } = await invoicesApp());
  });
  afterAll(() => t.close());

  const { list, detail, create, update } = invoiceCalls(() => t);
  const get = (url: string, token = c.admin.access) => t.request({ method: 'GET', url, token });
  const post = (url: string, payload?: object) =>
    t.request({ method: 'POST', url, token: c.admin.access, ...(payload ? { payload } : {}) });

  /** Creates an invoice issued at once (`then`, the create call's own field). */
  const issue = (payload: object) => {
    const then = 'issue';
    return create(c.admin.access, { ...payload, then });
  };
  /** The company's rates in force (GET /v1/admin/rates). */
  const inForce = async () =>
    expectOk<RatesOverview>(await t.request({ method: 'GET', url: '/v1/admin/rates', token: c.admin.access }))
      .current?.rates as RateSet;
  /** The company's exchange rate, as the rate of the day would change it: a new rate version from now. */
  const setRate = async (rate: string) => {
    expectOk(
      await post('/v1/admin/rates', {
        rates: { ...(await inForce()), exchange_rate: rate },
        effective_from: new Date().toISOString(),
      }),
      201,
    );
  };
  const rateNow = async () => (await inForce()).exchange_rate;

  /** An unbilled package of the demo customer that has customs charges, with its lines. */
  const taxedPackage = async (): Promise<UnbilledPackage> => {
    const unbilled = expectOk<UnbilledPackage[]>(
      await get(`/v1/admin/invoices/unbilled?customer_id=${c.customer.userId}`),
    );
    const pkg = unbilled.find((p) => p.lines.some((l) => l.type === 'duty' || l.type === 'customs'));
    if (!pkg) throw new Error('the demo customer has no unbilled package with customs charges');
    return pkg;
  };
  const linesOf = async (pkg: UnbilledPackage, id: string) =>
    expectOk<UnbilledPackage[]>(await get(`/v1/admin/invoices/unbilled?customer_id=${id}`)).find(
      (p) => p.id === pkg.id,
    )?.lines;

  /** What the customer reads above the customs lines. */
  const cifSaid = (inv: InvoiceDetail) =>
    (inv.customs_bases ?? []).map(
      (b) =>
        `CIF ${formatMoney(b.cif_cents, inv.currency)}, goods at ${formatExchangeRate(b.exchange_rate, inv.currency)}`,
    );

  it('seeded invoices carry the CIF value their customs lines were computed on', async () => {
    const mine = await list(c.customer.access, '?pageSize=100');
    let seen = 0;
    for (const s of mine.items) {
      const inv = await detail(c.customer.access, s.id);
      const customs = inv.lines.filter((l) => l.group === 'customs' && l.package_id);
      if (customs.length === 0) continue;
      seen++;
      expect(inv.customs_bases?.length, inv.number ?? '').toBeGreaterThan(0);
      expect(inv.customs_bases?.every((b) => b.computed_at)).toBe(true);
      expect(customs.every((l) => l.computed_on_cif === true)).toBe(true);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('an issued invoice keeps its CIF value when the exchange rate changes; a draft computed again follows it', async () => {
    const rate = await rateNow();
    const pkg = await taxedPackage();
    const issued = expectOk<InvoiceDetail>(
      await issue({ customer_id: c.customer.userId, lines: pkg.lines }),
      201,
    );
    const said = cifSaid(issued);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(formatExchangeRate(rate));
    const cifBefore = issued.customs_bases?.[0]?.cif_cents ?? 0;
    try {
      await setRate((Number(rate) * 1.1).toFixed(4));
      // The customer's screen still explains the lines with the value they were computed on.
      expect(cifSaid(await detail(c.customer.access, issued.id))).toEqual(said);
      // A revision of its notes, even of its lines, does not move it either.
      expectOk(
        await update(c.admin.access, issued.id, {
          notes: 'Collected Friday',
          lines: pkg.lines,
          revision_note: 'Note',
        }),
      );
      expect(cifSaid(await detail(c.customer.access, issued.id))).toEqual(said);

      // An invoice from before the stored value: computed at read time, today's rate.
      await t.database.db.update(invoices).set({ customsBases: null }).where(eq(invoices.id, issued.id));
      const old = await detail(c.customer.access, issued.id);
      expect(old.customs_bases?.[0]?.cif_cents).toBeGreaterThan(cifBefore);
      expect(old.lines.every((l) => l.computed_on_cif === undefined)).toBe(true);
      expectOk(await post(`/v1/invoices/${issued.id}/cancel`, { reason: 'Test over' }));

      // A draft: saving its lines unchanged keeps the value they were computed on …
      await setRate(rate);
      const fresh = await taxedPackage();
      const draft = expectOk<InvoiceDetail>(
        await create(c.admin.access, { customer_id: c.customer.userId, lines: fresh.lines }),
        201,
      );
      await setRate((Number(rate) * 1.2).toFixed(4));
      const same = expectOk<InvoiceDetail>(await update(c.admin.access, draft.id, { lines: fresh.lines }));
      expect(cifSaid(same)).toEqual(cifSaid(draft));
      // … and its lines computed again (taken off, the package billed again at today's rate) follow the new rate.
      expectOk(await update(c.admin.access, draft.id, { lines: [{ ...line, description: 'Placeholder' }] }));
      const again = await linesOf(fresh, c.customer.userId);
      if (!again) throw new Error('the package is not offered again');
      const redone = expectOk<InvoiceDetail>(await update(c.admin.access, draft.id, { lines: again }));
      expect(cifSaid(redone)[0]).toContain(formatExchangeRate((Number(rate) * 1.2).toFixed(4)));
      expect(redone.customs_bases?.[0]?.cif_cents).toBeGreaterThan(draft.customs_bases?.[0]?.cif_cents ?? 0);
      expect(redone.lines.filter((l) => l.group === 'customs').every((l) => l.computed_on_cif)).toBe(true);
      expectOk(await t.request({ method: 'DELETE', url: `/v1/invoices/${draft.id}`, token: c.admin.access }));
    } finally {
      await setRate(rate);
    }
  });

  it('a customs line staff change keeps the stored value and is said not to be computed on it', async () => {
    const pkg = await taxedPackage();
    const inv = expectOk<InvoiceDetail>(
      await issue({ customer_id: c.customer.userId, lines: pkg.lines }),
      201,
    );
    const said = cifSaid(inv);
    const duty = pkg.lines.findIndex((l) => l.type === 'duty' || l.type === 'customs');
    const assessed = pkg.lines.map((l, i) =>
      i === duty ? { ...l, unit_price_cents: l.unit_price_cents + 1_000 } : l,
    );
    const revised = expectOk<InvoiceDetail>(
      await update(c.admin.access, inv.id, {
        lines: assessed,
        revision_note: 'Customs assessed the duty higher',
      }),
    );
    const seen = await detail(c.customer.access, revised.id);
    expect(cifSaid(seen)).toEqual(said);
    const customs = seen.lines.filter((l) => l.group === 'customs');
    expect(customs.filter((l) => l.computed_on_cif === false)).toHaveLength(1);
    expect(customs.filter((l) => l.computed_on_cif === true)).toHaveLength(customs.length - 1);
    // The PDF says it under that line.
    const res = await t.request({ method: 'GET', url: seen.pdf_url, token: c.customer.access });
    expect(expectValidPdf(res.rawPayload).text).toContain('Set by our staff, not computed on the CIF value');
    expectOk(await post(`/v1/invoices/${inv.id}/cancel`, { reason: 'Test over' }));
  });

  it('the PDF ends as the screen does: group totals, tax on services, Total, Paid, Balance due', async () => {
    const inv = expectOk<InvoiceDetail>(
      await issue({
        customer_id: c.neighbour.userId,
        lines: [
          { type: 'shipping', description: 'Air freight, 3 lb', quantity: 1, unit_price_cents: 20_000 },
          { type: 'duty', description: 'Import duty', quantity: 1, unit_price_cents: 90_000 },
        ],
        tax_rate: '0.15',
      }),
      201,
    );
    expectOk(await post(`/v1/invoices/${inv.id}/payments`, { amount_cents: 10_000, method: 'cash' }), 201);
    const res = await t.request({ method: 'GET', url: inv.pdf_url, token: c.admin.access });
    const text = expectValidPdf(res.rawPayload).text;
    const m = (cents: number) => formatMoney(cents);
    const order = [
      'Shipping charges total',
      'Customs charges total',
      'on services (15',
      'Total',
      'Paid',
      'Balance due',
    ];
    let at = 0;
    for (const word of order) {
      const i = text.indexOf(word, at);
      expect(i, word).toBeGreaterThanOrEqual(at);
      at = i;
    }
    expect(text).not.toContain('Subtotal');
    expect(text).toContain(m(3_000)); // 15 % of the freight, not of the duty
    expect(text).toContain(m(113_000)); // the total
    expect(text).toContain(m(103_000)); // the balance due
  });

  it('finds an invoice by its number among more than 20, case and dashes aside', async () => {
    const made: InvoiceDetail[] = [];
    for (let i = 0; i < 23; i++)
      made.push(
        expectOk<InvoiceDetail>(
          await issue({
            customer_id: c.neighbour.userId,
            lines: [{ type: 'other', description: `Repack ${i}`, quantity: 1, unit_price_cents: 500 }],
          }),
          201,
        ),
      );
    const oldest = made[0];
    if (!oldest?.number) throw new Error('no number');
    // Not among the newest 20 of the customer's list …
    const newest = await list(c.neighbour.access, '?pageSize=20');
    expect(newest.items.map((i) => i.id)).not.toContain(oldest.id);
    // … but found by number: as printed, lower case, without dashes, or its last digits.
    const digits = oldest.number.slice(-6);
    for (const typed of [
      oldest.number,
      oldest.number.toLowerCase(),
      oldest.number.replaceAll('-', ''),
      digits,
    ]) {
      const found = await list(c.neighbour.access, `?number=${encodeURIComponent(typed)}&pageSize=5`);
      expect(
        found.items.map((i) => i.number),
        typed,
      ).toContain(oldest.number);
    }
    const exact = await list(c.neighbour.access, `?number=${oldest.number.replaceAll('-', ' ')}`);
    expect(exact.items.map((i) => i.number)).toEqual([oldest.number]);
    // The wider search `q` also takes the number without its dashes.
    const q = await list(c.neighbour.access, `?q=${oldest.number.replaceAll('-', '').toLowerCase()}`);
    expect(q.items.map((i) => i.number)).toContain(oldest.number);
    // Another customer's invoice is never found by its number.
    expect((await list(c.customer.access, `?number=${oldest.number}`)).items).toHaveLength(0);
  });
});

const line: InvoiceLineInput = { type: 'other', description: 'x', quantity: 1, unit_price_cents: 100 };
