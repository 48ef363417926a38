import { describe, expect, it } from 'vitest';
import type { PackageSummary, Prealert } from '../../../contract/packages';
import { recentItems } from './DashboardSections';

const pkg = (id: string, created_at: string) => ({ id, created_at }) as PackageSummary;
const pre = (id: string, created_at: string) => ({ id, created_at }) as Prealert;

describe('recentItems (the dashboard\'s "Recent packages")', () => {
  it('puts a pre-alert sent today above the packages received before it, five in all, newest first', () => {
    const items = recentItems(
      [
        pkg('p1', '2026-11-20T10:00:00Z'),
        pkg('p2', '2026-11-19T10:00:00Z'),
        pkg('p3', '2026-11-18T10:00:00Z'),
        pkg('p4', '2026-11-17T10:00:00Z'),
        pkg('p5', '2026-11-16T10:00:00Z'),
      ],
      [pre('a1', '2026-11-23T09:00:00Z'), pre('a2', '2026-11-18T12:00:00Z')],
    );
    expect(items.map((i) => (i.kind === 'package' ? i.pkg.id : i.prealert.id))).toEqual([
      'a1',
      'p1',
      'p2',
      'a2',
      'p3',
    ]);
  });

  it('shows two pre-alerts at most, so the packages (a parcel ready for pickup) stay in view', () => {
    const items = recentItems(
      [1, 2, 3, 4, 5].map((d) => pkg(`p${d}`, `2026-11-0${d}T10:00:00Z`)),
      [20, 21, 22, 23].map((d) => pre(`a${d}`, `2026-11-${d}T10:00:00Z`)),
    );
    expect(items.map((i) => (i.kind === 'package' ? i.pkg.id : i.prealert.id))).toEqual([
      'a23',
      'a22',
      'p5',
      'p4',
      'p3',
    ]);
  });

  it('shows the packages alone when no pre-alert waits, and pre-alerts alone for a new customer', () => {
    expect(recentItems([pkg('p1', '2026-11-20T10:00:00Z')], []).map((i) => i.kind)).toEqual(['package']);
    expect(recentItems([], [pre('a1', '2026-11-23T09:00:00Z')]).map((i) => i.kind)).toEqual(['prealert']);
    expect(recentItems([], [])).toEqual([]);
  });
});
