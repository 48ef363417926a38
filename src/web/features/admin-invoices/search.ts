/** The staff invoice list's URL: plain code, no zod (validateSearch runs in the router, in the entry bundle). */
import { INVOICE_PAGE_SIZES, invoiceSorts, invoiceStatuses, PAGE_MAX } from '../../../contract/constants';
import type { InvoiceListQuery, InvoiceSort, InvoiceStatus } from '../../../contract/invoices';
import { searchInt, searchOneOf, searchText } from '../../lib/search-params';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface AdminInvoiceSearch {
  q: string | undefined;
  status: InvoiceStatus | undefined;
  from: string | undefined;
  to: string | undefined;
  sort: InvoiceSort;
  page: number;
  pageSize: number;
}
export type AdminInvoiceSearchInput = Partial<Record<keyof AdminInvoiceSearch, unknown>>;

export const ADMIN_INVOICE_DEFAULTS = { sort: 'newest', page: 1, pageSize: 20 } as const;

const day = (v: unknown) => (typeof v === 'string' && DAY.test(v) ? v : undefined);

export function parseAdminInvoiceSearch(raw: AdminInvoiceSearchInput): AdminInvoiceSearch {
  const size = searchInt(raw.pageSize, 1, 100);
  return {
    q: searchText(raw.q),
    status: searchOneOf(invoiceStatuses, raw.status),
    from: day(raw.from),
    to: day(raw.to),
    sort: searchOneOf(invoiceSorts, raw.sort) ?? ADMIN_INVOICE_DEFAULTS.sort,
    page: searchInt(raw.page, 1, PAGE_MAX) ?? ADMIN_INVOICE_DEFAULTS.page,
    pageSize:
      size !== undefined && (INVOICE_PAGE_SIZES as readonly number[]).includes(size)
        ? size
        : ADMIN_INVOICE_DEFAULTS.pageSize,
  };
}

/** Only what differs from the defaults goes in the URL. */
export function toAdminInvoiceUrl(s: Partial<AdminInvoiceSearch>): Partial<AdminInvoiceSearch> {
  const out: Partial<AdminInvoiceSearch> = {};
  for (const key of ['q', 'status', 'from', 'to'] as const) {
    if (s[key] !== undefined) Object.assign(out, { [key]: s[key] });
  }
  if (s.sort && s.sort !== ADMIN_INVOICE_DEFAULTS.sort) out.sort = s.sort;
  if (s.page && s.page !== 1) out.page = s.page;
  if (s.pageSize && s.pageSize !== ADMIN_INVOICE_DEFAULTS.pageSize) out.pageSize = s.pageSize;
  return out;
}

/** The API query of a search: the URL's fields are the API's. */
export const toListQuery = (s: AdminInvoiceSearch): InvoiceListQuery => ({ ...s });
