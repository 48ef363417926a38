import { describe, expect, it } from 'vitest';
import { PAGE_SIZE_DEFAULT } from '../../../contract/constants';
import { POINTS_DEFAULTS, parsePointsSearch } from './points-search';

describe('the points history’s URL', () => {
  it('reads a page and a page size the list offers', () => {
    expect(parsePointsSearch({ page: '3', pageSize: '50' })).toEqual({ page: 3, pageSize: 50 });
  });

  it('falls back to the defaults for anything else, so an old or hand-edited link still opens', () => {
    expect(parsePointsSearch({})).toEqual(POINTS_DEFAULTS);
    expect(parsePointsSearch({ page: '0', pageSize: '7' })).toEqual({ page: 1, pageSize: PAGE_SIZE_DEFAULT });
    expect(parsePointsSearch({ page: 'two', pageSize: 'all' })).toEqual(POINTS_DEFAULTS);
  });
});
