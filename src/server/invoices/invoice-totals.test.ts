import { describe, expect, it } from 'vitest';
import type { Discount, InvoiceLineType } from '../../contract/invoices';
import { invoiceLineTypes } from '../../contract/invoices';
import { computeTotals, settledStatus } from './invoice-totals';

/** A small seeded generator (mulberry32): the same 200 invoices on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The contract's rule written again, independently: amounts as BigInt, the rate as millionths from its digits, and
 * half-up rounding by comparing the remainder with half the divisor (not the (2n + d) / 2d trick the server uses).
 */
function expected(
  lines: { type: InvoiceLineType; quantity: number; unit_price_cents: number }[],
  discount: Discount | null,
  rate: string,
) {
  const sum = (types: InvoiceLineType[]) =>
    lines
      .filter((l) => types.includes(l.type))
      .reduce((s, l) => s + BigInt(l.quantity) * BigInt(l.unit_price_cents), 0n);
  const service = sum(['shipping', 'handling', 'other']);
  const customs = sum(['customs', 'duty']);
  const taxLines = sum(['tax']);
  const halfUp = (num: bigint, den: bigint) => {
    const q = num / den;
    return (num % den) * 2n >= den ? q + 1n : q;
  };
  let off = 0n;
  if (discount)
    off =
      discount.kind === 'amount' ? BigInt(discount.value) : halfUp(service * BigInt(discount.value), 10_000n);
  if (off > service) off = service;
  const [whole = '0', frac = ''] = rate.split('.');
  const micro = BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
  const tax = taxLines + halfUp((service - off) * micro, 1_000_000n);
  return {
    subtotal_cents: Number(service + customs),
    service_cents: Number(service),
    customs_cents: Number(customs),
    discount_cents: Number(off),
    tax_cents: Number(tax),
    total_cents: Number(service + customs - off + tax),
  };
}

describe('invoice totals', () => {
  it('equal an independent computation on 200 random invoices', () => {
    const r = rng(20261124);
    const int = (max: number) => Math.floor(r() * (max + 1));
    for (let n = 0; n < 200; n++) {
      const lines = Array.from({ length: 1 + int(12) }, () => ({
        type: invoiceLineTypes[int(invoiceLineTypes.length - 1)] ?? 'other',
        quantity: 1 + int(r() < 0.8 ? 3 : 999),
        // Mostly everyday amounts, sometimes near the contract's ceiling.
        unit_price_cents: r() < 0.9 ? int(500_000) : int(1_000_000_000),
      }));
      const discount: Discount | null =
        r() < 0.3
          ? null
          : r() < 0.5
            ? { kind: 'amount', value: int(300_000) }
            : { kind: 'percent', value: int(10_000) };
      const rate =
        r() < 0.2 ? '0' : `0.${String(int(9999)).padStart(4, '0')}`.replace(/0+$/, '').replace(/\.$/, '');
      const got = computeTotals(lines, discount, rate);
      const { line_totals, ...totals } = got;
      expect(totals, JSON.stringify({ lines, discount, rate })).toEqual(expected(lines, discount, rate));
      expect(line_totals).toEqual(lines.map((l) => l.quantity * l.unit_price_cents));
    }
  });

  it('rounds half up exactly at the half cent, and never discounts the customs charges', () => {
    // 15 % of 10,003 = 1,500.45 → 1,500; 15 % of 10,010 = 1,501.5 → 1,502
    expect(
      computeTotals([{ type: 'shipping', quantity: 1, unit_price_cents: 10_003 }], null, '0.15').tax_cents,
    ).toBe(1_500);
    expect(
      computeTotals([{ type: 'shipping', quantity: 1, unit_price_cents: 10_010 }], null, '0.15').tax_cents,
    ).toBe(1_502);
    const t = computeTotals(
      [
        { type: 'handling', quantity: 1, unit_price_cents: 1_000 },
        { type: 'duty', quantity: 1, unit_price_cents: 50_000 },
      ],
      { kind: 'percent', value: 10_000 },
      '0.2',
    );
    expect(t).toMatchObject({ discount_cents: 1_000, tax_cents: 0, total_cents: 50_000 });
  });

  it('settles the status from the money and the due date', () => {
    const base = { status: 'issued' as const, totalCents: 1_000, amountPaidCents: 0, dueAt: '2026-02-01' };
    expect(settledStatus(base, '2026-01-31')).toBe('issued');
    expect(settledStatus(base, '2026-02-01')).toBe('issued');
    expect(settledStatus(base, '2026-02-02')).toBe('overdue');
    expect(settledStatus({ ...base, amountPaidCents: 400 }, '2026-01-31')).toBe('partially_paid');
    expect(settledStatus({ ...base, amountPaidCents: 400 }, '2026-02-02')).toBe('overdue');
    expect(settledStatus({ ...base, amountPaidCents: 1_000 }, '2026-02-02')).toBe('paid');
    expect(settledStatus({ ...base, status: 'draft' })).toBe('draft');
  });
});
