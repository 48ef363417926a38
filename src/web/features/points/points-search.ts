/** Plain code, no zod: validateSearch runs in the router, which lives in the entry bundle. */
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGE_SIZES } from '../../../contract/constants';
import { searchInt } from '../../lib/search-params';

export const POINTS_DEFAULTS = { page: 1, pageSize: PAGE_SIZE_DEFAULT } as const;

export interface PointsSearch {
  page: number;
  pageSize: number;
}

/** Anything malformed falls back to the default, so an old or hand-edited link still opens. */
export function parsePointsSearch(raw: Record<string, unknown>): PointsSearch {
  const pageSize = searchInt(raw.pageSize, 1, PAGE_SIZE_MAX);
  return {
    page: searchInt(raw.page, 1, PAGE_MAX) ?? POINTS_DEFAULTS.page,
    pageSize:
      pageSize && (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : POINTS_DEFAULTS.pageSize,
  };
}
