/** Plain code, no zod: validateSearch runs in the router, which lives in the entry bundle. */
import { invoiceStatuses, PAGE_MAX } from '../../../contract/constants';
import { searchInt, searchOneOf, searchText } from '../../lib/search-params';

/** What a customer may filter by: every status but drafts, which customers never see. */
export type CustomerInvoiceStatus = Exclude<(typeof invoiceStatuses)[number], 'draft'>;
export const INVOICE_STATUS_CODES = invoiceStatuses.filter((s): s is CustomerInvoiceStatus => s !== 'draft');
export const INVOICE_DEFAULTS = { page: 1 } as const;
export const INVOICE_PAGE_SIZE = 20;

export interface InvoiceSearch {
  q: string | undefined;
  status: CustomerInvoiceStatus | undefined;
  page: number;
}

export function parseInvoiceSearch(raw: Record<string, unknown>): InvoiceSearch {
  return {
    q: searchText(raw.q),
    status: searchOneOf(INVOICE_STATUS_CODES, raw.status),
    page: searchInt(raw.page, 1, PAGE_MAX) ?? INVOICE_DEFAULTS.page,
  };
}

export function toInvoiceUrlSearch(s: Partial<InvoiceSearch>): Partial<InvoiceSearch> {
  const out: Partial<InvoiceSearch> = {};
  if (s.q) out.q = s.q;
  if (s.status) out.status = s.status;
  if (s.page && s.page !== 1) out.page = s.page;
  return out;
}
