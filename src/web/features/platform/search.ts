/** Plain code, no zod: validateSearch runs in the router, which lives in the entry bundle. */
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGE_SIZES } from '../../../contract/constants';
import { searchInt, searchOneOf, searchText } from '../../lib/search-params';

const statuses = ['active', 'inactive'] as const;

export const PLATFORM_DEFAULTS = { page: 1, pageSize: PAGE_SIZE_DEFAULT } as const;

export interface PlatformSearch {
  q?: string | undefined;
  status?: (typeof statuses)[number] | undefined;
  page: number;
  pageSize: number;
}

/** Anything malformed falls back to the default, so an old or hand-edited link still opens. */
export function parsePlatformSearch(raw: Record<string, unknown>): PlatformSearch {
  const pageSize = searchInt(raw.pageSize, 1, PAGE_SIZE_MAX);
  return {
    q: searchText(raw.q),
    status: searchOneOf(statuses, raw.status),
    page: searchInt(raw.page, 1, PAGE_MAX) ?? PLATFORM_DEFAULTS.page,
    pageSize:
      pageSize && (PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : PLATFORM_DEFAULTS.pageSize,
  };
}
