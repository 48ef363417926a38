import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { InvoiceSummary } from '../../../contract/invoices';
import type { PackageSummary, Prealert } from '../../../contract/packages';
import {
  emptyHits,
  hitCount,
  invoiceHit,
  matches,
  mergeHits,
  packageHit,
  searchCache,
  searchOnline,
} from './entity-search';

const pkg = (id: string, tracking: string, description: string) =>
  ({
    id,
    tracking_number: tracking,
    description,
    seller_name: 'Amazon',
    status: 'received_us',
    status_name: 'Received in Miami',
  }) as PackageSummary;

const prealert = (id: string, tracking: string, description: string, seller: string) =>
  ({
    id,
    tracking_number: tracking,
    description,
    seller_name: seller,
    status: 'pending',
    files: [],
  }) as unknown as Prealert;

const invoice = (id: string, number: string) =>
  ({ id, number, status: 'issued', total_cents: 1000, currency: 'JMD' }) as InvoiceSummary;

const page = <T>(items: T[]) => ({ items, page: 1, pageSize: 20, total: items.length });

function cacheWith() {
  const client = new QueryClient();
  client.setQueryData(
    ['packages', 'list', { page: 1 }],
    page([pkg('p1', '1Z999AA10123456784', 'Running shoes'), pkg('p2', 'TBA123456789', 'Kitchen scale')]),
  );
  // The same package again on a detail page: found once.
  client.setQueryData(['packages', 'detail', 'p1'], pkg('p1', '1Z999AA10123456784', 'Running shoes'));
  client.setQueryData(
    ['prealerts', 'list', { page: 1, pageSize: 10 }],
    page([prealert('a1', 'E2EFIND1', 'Blue teapot', 'Teashop')]),
  );
  client.setQueryData(
    ['invoices', 'list', { page: 1 }],
    page([invoice('i1', 'INV-2026-000042'), invoice('i2', 'INV-2026-000043')]),
  );
  // Not a customer's list: never searched.
  client.setQueryData(['menus', 'u1'], [{ id: 'm1', tracking_number: '1Z999', title: 'Menu' }]);
  return client;
}

describe('matches', () => {
  it('finds every word anywhere, whatever the case', () => {
    expect(matches('running SHOES', ['1Z9', 'Running shoes'])).toBe(true);
    expect(matches('shoes blue', ['1Z9', 'Running shoes'])).toBe(false);
  });
  it('finds a tracking number typed with spaces or dashes', () => {
    expect(matches('1z 999-aa1', ['1Z999AA10123456784'])).toBe(true);
  });
  it('finds nothing for a single character (half the parcels would match)', () => {
    expect(matches('1', ['1Z999AA10123456784'])).toBe(false);
    expect(matches('  ', ['anything'])).toBe(false);
  });
});

describe('searchCache (offline)', () => {
  it('finds packages by tracking number or description, once each, with a link to the package', () => {
    const hits = searchCache(cacheWith(), '1z999');
    expect(hits.Packages.map((h) => [h.label, h.href])).toEqual([
      ['1Z999AA10123456784', '/user/packages/p1'],
    ]);
    expect(searchCache(cacheWith(), 'kitchen').Packages.map((h) => h.label)).toEqual(['TBA123456789']);
    expect(hitCount(hits)).toBe(1);
  });

  it('finds pre-alerts by tracking number, description or seller, linking to the filtered list', () => {
    for (const q of ['e2efind', 'teapot', 'teashop']) {
      const hits = searchCache(cacheWith(), q);
      expect(
        hits['Pre-alerts'].map((h) => h.href),
        q,
      ).toEqual(['/user/packages/pre-alert?q=E2EFIND1']);
    }
  });

  it('finds invoices by number only', () => {
    expect(searchCache(cacheWith(), '000042').Invoices.map((h) => h.label)).toEqual([
      'Invoice INV-2026-000042',
    ]);
    expect(searchCache(cacheWith(), 'INV-2026').Invoices).toHaveLength(2);
    expect(searchCache(cacheWith(), 'shoes').Invoices).toEqual([]);
  });

  it('finds nothing in any group for words nothing holds', () => {
    expect(hitCount(searchCache(cacheWith(), 'no such parcel'))).toBe(0);
  });
});

describe('mergeHits', () => {
  it("takes the server's answer for a kind it answered, and the cache's for the others", () => {
    const cached = searchCache(cacheWith(), '1z999');
    const online = { Packages: [], Invoices: [invoiceHit(invoice('i9', 'INV-2026-000099'))] };
    const merged = mergeHits(online, cached);
    // The server says no package matches any more: the stale cached one is not offered.
    expect(merged.Packages).toEqual([]);
    expect(merged.Invoices.map((h) => h.label)).toEqual(['Invoice INV-2026-000099']);
  });

  it('is the cache alone offline', () => {
    const cached = { ...emptyHits(), Packages: [packageHit(pkg('p1', 'X1', 'Shoes'))] };
    expect(mergeHits(null, cached)).toEqual(cached);
  });
});

describe('searchOnline', () => {
  it('asks the invoice list by number (the server searches every invoice, not the first page)', async () => {
    const { api } = await import('../../lib/api');
    const calls: { path: string; query: unknown }[] = [];
    const spy = vi.spyOn(api, 'call').mockImplementation((async (
      endpoint: { path: string },
      input: { query: unknown },
    ) => {
      calls.push({ path: endpoint.path, query: input.query });
      return endpoint.path === '/v1/invoices' ? page([invoice('i7', 'INV-2025-000007')]) : page([]);
    }) as never);
    try {
      const hits = await searchOnline('inv2025 0007');
      expect(calls.find((c) => c.path === '/v1/invoices')?.query).toMatchObject({ number: 'inv2025 0007' });
      expect(hits?.Invoices?.map((h) => h.label)).toEqual(['Invoice INV-2025-000007']);
    } finally {
      spy.mockRestore();
    }
  });
});
