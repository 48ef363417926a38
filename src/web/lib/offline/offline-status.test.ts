import { describe, expect, it } from 'vitest';
import { summarizeOffline } from './offline-status';

type Fake = Parameters<typeof summarizeOffline>[0][number];

function query(
  key: unknown[],
  opts: {
    data?: unknown;
    at?: number;
    status?: 'pending' | 'success' | 'error';
    fetchStatus?: 'idle' | 'fetching' | 'paused';
    active?: boolean;
    meta?: Record<string, unknown>;
  } = {},
): Fake {
  const hasData = opts.data !== undefined;
  return {
    queryKey: key,
    meta: opts.meta,
    isActive: () => opts.active ?? true,
    state: {
      data: opts.data,
      dataUpdatedAt: opts.at ?? (hasData ? 1000 : 0),
      status: opts.status ?? (hasData ? 'success' : 'pending'),
      fetchStatus: opts.fetchStatus ?? 'idle',
    },
  } as unknown as Fake;
}

const shell = [
  query(['company', 'me'], { data: {}, at: 0 }), // initial data from localStorage: no time
  query(['me', 'u1'], { data: {}, at: 5000 }),
  query(['menus', 'u1'], { data: [], at: 5000 }),
];

describe('summarizeOffline', () => {
  it("takes the oldest fetch time among the screen's active queries", () => {
    const s = summarizeOffline([
      ...shell,
      query(['packages', 'list'], { data: [], at: 3000, fetchStatus: 'paused' }),
      query(['package-statuses'], { data: [], at: 2000 }),
      query(['packages', 'old'], { data: [], at: 100, active: false }), // another screen's, inactive
    ]);
    expect(s).toEqual({ since: 2000, missing: 'none' });
  });

  it("falls back to the layout's queries for a screen without data of its own", () => {
    expect(summarizeOffline(shell)).toEqual({ since: 5000, missing: 'none' });
    expect(summarizeOffline([])).toEqual({ since: null, missing: 'none' });
  });

  it('says the screen was never loaded when its queries have nothing and are paused', () => {
    const s = summarizeOffline([
      ...shell,
      query(['packages', 'counts'], { fetchStatus: 'paused' }),
      query(['packages', 'list'], { fetchStatus: 'paused' }),
    ]);
    expect(s.missing).toBe('all');
  });

  it('counts a failed query without data as missing too', () => {
    const s = summarizeOffline([...shell, query(['invoices'], { status: 'error' })]);
    expect(s.missing).toBe('all');
  });

  it('says "some" when the screen shows data but a part was never loaded', () => {
    const s = summarizeOffline([
      ...shell,
      query(['package-statuses'], { data: [], at: 2000 }),
      query(['packages', 'list', { page: 2 }], { fetchStatus: 'paused' }),
    ]);
    expect(s).toEqual({ since: 2000, missing: 'some' });
  });

  it('does not block a screen because a layout query is missing', () => {
    const s = summarizeOffline([query(['menus', 'u1'], { fetchStatus: 'paused' })]);
    expect(s.missing).toBe('none');
  });

  it('lets a screen mark a query it can do without offline', () => {
    const s = summarizeOffline([
      ...shell,
      query(['prealerts', 'list'], { fetchStatus: 'paused', meta: { offlineOptional: true } }),
    ]);
    expect(s.missing).toBe('none');
  });

  it('ignores disabled or still-running queries', () => {
    const s = summarizeOffline([
      ...shell,
      query(['packages', 'detail', 'x'], { fetchStatus: 'fetching' }),
      query(['packages', 'detail', 'y'], { fetchStatus: 'paused', active: false }),
    ]);
    expect(s.missing).toBe('none');
  });
});
