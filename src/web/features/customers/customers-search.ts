/** Plain code, no zod: validateSearch runs in the router, which lives in the entry bundle. */
import {
  type CustomerSort,
  customerSorts,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PAGE_SIZES,
  yesNo,
} from '../../../contract/constants';
import { searchInt, searchOneOf, searchText } from '../../lib/search-params';

const roles = ['customer', 'staff', 'admin'] as const;

export const CUSTOMERS_DEFAULTS = { page: 1, pageSize: PAGE_SIZE_DEFAULT, sort: 'newest' } as const;

export interface CustomersSearch {
  q?: string | undefined;
  verified?: 'yes' | 'no' | undefined;
  active?: 'yes' | 'no' | undefined;
  role?: (typeof roles)[number] | undefined;
  sort: CustomerSort;
  page: number;
  pageSize: number;
}

/** Anything malformed falls back to the default, so an old or hand-edited link still opens. */
export function parseCustomersSearch(raw: Record<string, unknown>): CustomersSearch {
  const pageSize = searchInt(raw.pageSize, 1, PAGE_SIZE_MAX);
  return {
    q: searchText(raw.q),
    verified: searchOneOf(yesNo, raw.verified),
    active: searchOneOf(yesNo, raw.active),
    role: searchOneOf(roles, raw.role),
    sort: searchOneOf(customerSorts, raw.sort) ?? CUSTOMERS_DEFAULTS.sort,
    page: searchInt(raw.page, 1, PAGE_MAX) ?? CUSTOMERS_DEFAULTS.page,
    pageSize:
      pageSize && (PAGE_SIZES as readonly number[]).includes(pageSize)
        ? pageSize
        : CUSTOMERS_DEFAULTS.pageSize,
  };
}
