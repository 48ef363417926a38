import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { dayIn } from '../../../contract/format';
import type { InvoiceListQuery, PaymentBody, SendInvoiceBody } from '../../../contract/invoices';
import { invoiceCalls } from '../../../contract/invoices.calls';
import { api } from '../../lib/api';

/**
 * Staff invoice queries. They live under `['invoices', …]` like the customer's, so one invalidation refreshes every
 * invoice screen (the detail key is the customer's too: the same call, the same record).
 */
export const adminInvoiceKeys = {
  all: ['invoices'] as const,
  list: (query: InvoiceListQuery) => ['invoices', 'admin-list', query] as const,
  stats: (query: InvoiceListQuery) => ['invoices', 'admin-stats', query] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
  mailDraft: (id: string) => ['invoices', 'mail', id] as const,
};

export const adminInvoicesQueryOptions = (query: InvoiceListQuery) =>
  queryOptions({
    queryKey: adminInvoiceKeys.list(query),
    queryFn: () => api.call(invoiceCalls.list, { query }),
    placeholderData: keepPreviousData,
  });

export const adminInvoiceStatsQueryOptions = (query: InvoiceListQuery) =>
  queryOptions({
    queryKey: adminInvoiceKeys.stats(query),
    queryFn: () => api.call(invoiceCalls.stats, { query }),
    placeholderData: keepPreviousData,
  });

export const adminInvoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminInvoiceKeys.detail(id),
    queryFn: () => api.call(invoiceCalls.one, { params: { id } }),
  });

export const invoiceMailDraftQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminInvoiceKeys.mailDraft(id),
    queryFn: () => api.call(invoiceCalls.mailDraft, { params: { id } }),
    staleTime: 0,
  });

/** After any change to an invoice: every invoice list, stat card and detail, and the invoice's history. */
export async function refreshInvoice(queryClient: QueryClient, id?: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminInvoiceKeys.all }),
    id ? queryClient.invalidateQueries({ queryKey: ['audit', 'invoice', id] }) : Promise.resolve(),
  ]);
}

/** Staff's calls that change an invoice (the hooks in hooks.ts run them and refresh what they change). */
export const invoiceChanges = {
  bulkSend: (ids: string[]) => api.call(invoiceCalls.bulkSend, { body: { ids } }),
  cancel: (id: string, reason: string) => api.call(invoiceCalls.cancel, { params: { id }, body: { reason } }),
  duplicate: (id: string) => api.call(invoiceCalls.duplicate, { params: { id } }),
  remove: (id: string) => api.call(invoiceCalls.remove, { params: { id } }),
  pay: (id: string, body: PaymentBody) => api.call(invoiceCalls.pay, { params: { id }, body }),
  reversePayment: (id: string, paymentId: string, reason: string) =>
    api.call(invoiceCalls.reversePayment, { params: { id, paymentId }, body: { reason } }),
  send: (id: string, body: SendInvoiceBody) => api.call(invoiceCalls.send, { params: { id }, body }),
};

/** The PDF through the API client (bearer and refresh), saved under the invoice's number. */
export async function downloadAdminInvoicePdf(id: string, number: string | null): Promise<void> {
  const blob = await api.call(invoiceCalls.pdf, { params: { id } });
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = `${number ?? 'invoice-draft'}.pdf`;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** Today as a calendar date in the company's time zone (YYYY-MM-DD), as the server counts days. */
export const today = (): string => dayIn(new Date());

/** "12.50" (what a person types) as 1250 cents; null when it is not an amount. Never through a float sum. */
export function toCents(value: string | number): number | null {
  const s = String(value).trim().replace(/,/g, '');
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 1250 cents as "12.50", for a money field's starting value. */
export const centsToInput = (cents: number) => (cents / 100).toFixed(2);
