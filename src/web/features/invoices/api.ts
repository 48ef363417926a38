import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InvoiceListQuery } from '../../../contract/invoices';
import { invoiceCalls } from '../../../contract/invoices.calls';
import { paymentCalls } from '../../../contract/payments.calls';
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

/* Online payments (the Pay buttons and the page the provider sends the customer back to). */

export const paymentKeys = {
  options: ['invoices', 'payment-options'] as const,
  attempt: (id: string) => ['invoices', 'payment-attempt', id] as const,
};

/** Whether the company takes payments online: the Pay buttons show only then. Rarely changes. */
export const paymentOptionsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.options,
    queryFn: () => api.call(paymentCalls.options),
    staleTime: 5 * 60_000,
  });

/** How many times the return page asks again while the provider has not answered, and how often. */
export const ATTEMPT_POLLS = 5;
export const ATTEMPT_POLL_MS = 2_000;

/** One attempt; asked again a few times while it is pending (the server checks with the provider when it can). */
export const attemptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.attempt(id),
    queryFn: () => api.call(paymentCalls.attempt, { params: { id } }),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount <= ATTEMPT_POLLS
        ? ATTEMPT_POLL_MS
        : false,
  });

/** Starts a checkout; the key makes a second click (or a retry of a lost reply) the same attempt. */
export const startCheckout = ({ invoiceIds, key }: { invoiceIds: string[]; key: string }) =>
  api.call(paymentCalls.checkout, { body: { invoice_ids: invoiceIds }, idempotencyKey: key });
