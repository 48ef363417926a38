import { describe, expect, it } from 'vitest';
import { centsToInput, toCents } from './api';
import { parseAdminInvoiceSearch, toAdminInvoiceUrl } from './search';

describe('the staff invoice list URL', () => {
  it('keeps what is valid and drops the rest', () => {
    expect(
      parseAdminInvoiceSearch({
        q: '  INV-2026 ',
        status: 'partially_paid',
        from: '2026-11-01',
        to: 'yesterday',
        sort: 'balance',
        page: '3',
        pageSize: '25',
      }),
    ).toEqual({
      q: 'INV-2026',
      status: 'partially_paid',
      from: '2026-11-01',
      to: undefined,
      sort: 'balance',
      page: 3,
      pageSize: 25,
    });
    const junk = parseAdminInvoiceSearch({ status: 'lost', sort: 'random', page: '-1', pageSize: '30' });
    expect(junk).toMatchObject({ status: undefined, sort: 'newest', page: 1, pageSize: 20 });
  });

  it('offers page sizes 10, 20, 25, 50 and 100', () => {
    for (const size of [10, 20, 25, 50, 100]) {
      expect(parseAdminInvoiceSearch({ pageSize: String(size) }).pageSize).toBe(size);
    }
  });

  it('writes only what differs from the defaults', () => {
    expect(toAdminInvoiceUrl(parseAdminInvoiceSearch({}))).toEqual({});
    expect(
      toAdminInvoiceUrl({
        ...parseAdminInvoiceSearch({}),
        q: 'Morgan',
        status: 'overdue',
        pageSize: 50,
        page: 2,
      }),
    ).toEqual({ q: 'Morgan', status: 'overdue', pageSize: 50, page: 2 });
  });
});

describe('money typed by staff', () => {
  it('reads dollars and cents as whole cents, never through a float', () => {
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('1,234.56')).toBe(123456);
    expect(toCents(' 40 ')).toBe(4000);
    expect(toCents('0.29')).toBe(29);
    expect(toCents('1.005')).toBeNull();
    expect(toCents('-3')).toBeNull();
    expect(toCents('abc')).toBeNull();
    expect(centsToInput(615000)).toBe('6150.00');
    expect(centsToInput(5)).toBe('0.05');
  });
});
