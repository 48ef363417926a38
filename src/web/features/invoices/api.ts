import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InvoiceListQuery } from '../../../contract/invoices';
import { invoiceCalls } from '../../../contract/invoices.calls';
import { api } from '../../lib/api';

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (query: InvoiceListQuery) => ['invoices', 'list', query] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
};

export const invoicesQueryOptions = (query: InvoiceListQuery) =>
  queryOptions({
    queryKey: invoiceKeys.list(query),
    queryFn: () => api.call(invoiceCalls.list, { query }),
    placeholderData: keepPreviousData,
  });

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: () => api.call(invoiceCalls.one, { params: { id } }),
  });

/** The PDF through the API client (bearer and refresh), saved under the invoice's number. */
export async function downloadInvoicePdf(id: string, number: string): Promise<void> {
  const blob = await api.call(invoiceCalls.pdf, { params: { id } });
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
