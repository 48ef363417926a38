import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../contract/envelope';
import type { InvoiceDetail, InvoiceListQuery, InvoiceSummary } from '../../../contract/invoices';
import { accountApi } from '../../../contract/paths';
import { api } from '../../lib/api';

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (query: InvoiceListQuery) => ['invoices', 'list', query] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
};

function toQuery(query: InvoiceListQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') out[key] = value as string | number;
  }
  return out;
}

export const invoicesQueryOptions = (query: InvoiceListQuery) =>
  queryOptions({
    queryKey: invoiceKeys.list(query),
    queryFn: () => api.get<Paginated<InvoiceSummary>>(accountApi.invoices.list, { query: toQuery(query) }),
    placeholderData: keepPreviousData,
  });

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: () => api.get<InvoiceDetail>(accountApi.invoices.one(id)),
  });

/** The PDF through the API client (bearer and refresh), saved under the invoice's number. */
export async function downloadInvoicePdf(id: string, number: string): Promise<void> {
  const blob = await api.getBlob(accountApi.invoices.pdf(id));
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = `${number}.pdf`;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
