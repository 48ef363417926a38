import { describe, expect, it } from 'vitest';
import { packageSorts, packageStatusCodes } from '../../../contract/constants';
import { HISTORY_DEFAULTS, hasFilters, parseHistorySearch, toUrlSearch } from './history-search';

describe('history search params', () => {
  it('accepts every status and sort the contract knows', () => {
    for (const status of packageStatusCodes) expect(parseHistorySearch({ status }).status).toBe(status);
    for (const sort of packageSorts) expect(parseHistorySearch({ sort }).sort).toBe(sort);
  });

  it('gives the defaults for an empty URL', () => {
    expect(parseHistorySearch({})).toEqual({
      q: undefined,
      status: undefined,
      from: undefined,
      to: undefined,
      sort: 'newest',
      page: 1,
      pageSize: 20,
    });
  });

  it('keeps valid values', () => {
    const view = {
      q: 'shoes',
      status: 'in_transit',
      from: '2026-11-01',
      to: '2026-11-15',
      sort: 'weight',
      page: 3,
      pageSize: 50,
    } as const;
    expect(parseHistorySearch({ ...view, q: '  shoes ' })).toEqual(view);
  });

  it('reads numbers given as strings, and a numeric search as text', () => {
    expect(parseHistorySearch({ page: '2', pageSize: '10', q: 12345 })).toMatchObject({
      page: 2,
      pageSize: 10,
      q: '12345',
    });
  });

  it.each([
    ['page', 0, 'page', 1],
    ['page', -4, 'page', 1],
    ['page', 2.5, 'page', 1],
    ['page', 'two', 'page', 1],
    ['page', 1_000_000, 'page', 1],
    ['pageSize', 7, 'pageSize', 20],
    ['pageSize', 1000, 'pageSize', 20],
    ['sort', 'cheapest', 'sort', 'newest'],
    ['status', 'lost', 'status', undefined],
    ['status', 3, 'status', undefined],
    ['from', '2026-13-01', 'from', undefined],
    ['from', '2026-02-31', 'from', undefined],
    ['to', 'yesterday', 'to', undefined],
    ['q', '   ', 'q', undefined],
    ['q', { x: 1 }, 'q', undefined],
  ])('falls back when %s is %j', (key, value, outKey, expected) => {
    expect(
      parseHistorySearch({ [key]: value })[outKey as keyof ReturnType<typeof parseHistorySearch>],
    ).toEqual(expected);
  });

  it('caps a long search at 100 characters', () => {
    expect(parseHistorySearch({ q: 'x'.repeat(300) }).q).toHaveLength(100);
  });

  it('swaps a range given backwards', () => {
    expect(parseHistorySearch({ from: '2026-11-20', to: '2026-11-01' })).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-20',
    });
  });

  it('leaves defaults and empty values out of the URL', () => {
    expect(toUrlSearch({ ...HISTORY_DEFAULTS, q: undefined, status: undefined })).toEqual({});
    expect(toUrlSearch({ ...HISTORY_DEFAULTS, q: 'car', page: 2, sort: 'oldest' })).toEqual({
      q: 'car',
      page: 2,
      sort: 'oldest',
    });
  });

  it('knows when a filter narrows the list', () => {
    expect(hasFilters(parseHistorySearch({ sort: 'weight', page: 2 }))).toBe(false);
    expect(hasFilters(parseHistorySearch({ status: 'delivered' }))).toBe(true);
    expect(hasFilters(parseHistorySearch({ from: '2026-11-01' }))).toBe(true);
  });
});
