import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryRoots } from './query-keys';
import { refreshAfter, rootsFor, SHOWN_IN } from './refresh';

describe('what a change refreshes', () => {
  it('a parcel received moves "Today", the staff lists, the counter and the customer’s screens', () => {
    const roots = rootsFor(['package']);
    for (const root of [
      queryRoots.adminDashboard,
      queryRoots.intake,
      queryRoots.staffPackages,
      queryRoots.counter,
      queryRoots.shipments,
      queryRoots.matching,
      queryRoots.packages,
    ]) {
      expect(roots).toContain(root);
    }
  });

  it('a payment refreshes the invoices, the counter, the figures and the points', () => {
    expect(rootsFor(['payment'])).toEqual(
      expect.arrayContaining([
        queryRoots.invoices,
        queryRoots.counter,
        queryRoots.account,
        queryRoots.adminDashboard,
        queryRoots.points,
      ]),
    );
  });

  it('names each root once, and only roots the PWA has', () => {
    const known = new Set<string>(Object.values(queryRoots));
    for (const roots of Object.values(SHOWN_IN)) {
      expect(new Set(roots).size).toBe(roots.length);
      for (const root of roots) expect(known.has(root)).toBe(true);
    }
    const both = rootsFor(['package', 'prealert']);
    expect(new Set(both).size).toBe(both.length);
  });

  it('marks the shown queries stale and the histories written to', async () => {
    const client = new QueryClient();
    client.setQueryData(['admin-dashboard', '2026-11-26T05:00:00.000Z'], { received_today: 0 });
    client.setQueryData(['audit', 'package', 'p1'], { items: [] });
    client.setQueryData(['menus', 'u1'], []);
    await refreshAfter(client, ['package'], [['package', 'p1']]);
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['admin-dashboard', '2026-11-26T05:00:00.000Z'])).toBe(true);
    expect(stale(['audit', 'package', 'p1'])).toBe(true);
    expect(stale(['menus', 'u1'])).toBe(false);
  });
});
