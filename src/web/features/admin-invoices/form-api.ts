import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { feeCalls } from '../../../contract/fees.calls';
import type {
  CreateInvoiceBody,
  InvoiceDetail,
  InvoicePreviewBody,
  UpdateInvoiceBody,
} from '../../../contract/invoices';
import { invoiceCalls } from '../../../contract/invoices.calls';
import { userCalls } from '../../../contract/users.calls';
import { api } from '../../lib/api';

/** The add/edit form's calls: the invoice, the customer's unbilled packages, the server's totals, saving. */
export const invoiceFormKeys = {
  detail: (id: string) => ['invoices', 'detail', id] as const,
  unbilled: (customerId: string) => ['admin-invoices', 'unbilled', customerId] as const,
  preview: (body: InvoicePreviewBody | null) => ['admin-invoices', 'preview', body] as const,
};

export const invoiceFormQueryOptions = (id: string) =>
  queryOptions({
    queryKey: invoiceFormKeys.detail(id),
    queryFn: () => api.call(invoiceCalls.one, { params: { id } }),
  });

export const unbilledQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: invoiceFormKeys.unbilled(customerId),
    queryFn: () => api.call(invoiceCalls.unbilled, { query: { customer_id: customerId } }),
    enabled: customerId !== '',
  });

/** The totals of the form as it stands, priced by the server (the only arithmetic). */
export const previewQueryOptions = (body: InvoicePreviewBody | null) =>
  queryOptions({
    queryKey: invoiceFormKeys.preview(body),
    queryFn: () => api.call(invoiceCalls.preview, { body: body ?? { lines: [] } }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The company's invoice defaults (tax label, terms, days to the due date). */
export const invoiceDefaultsQueryOptions = () =>
  queryOptions({
    queryKey: ['fees'] as const,
    queryFn: () => api.call(feeCalls.get),
    staleTime: 5 * 60_000,
  });

/** Customers found by mailbox number, name or email. */
export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['admin-invoices', 'customers', q],
    queryFn: () => api.call(userCalls.list, { query: { q, role: 'customer', pageSize: 10 } }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

export const createInvoice = (body: CreateInvoiceBody) => api.call(invoiceCalls.create, { body });

export const updateInvoice = (id: string, body: UpdateInvoiceBody) =>
  api.call(invoiceCalls.update, { params: { id }, body });

/** Mails the invoice with its PDF (a draft is issued first). */
export const sendInvoice = (id: string) => api.call(invoiceCalls.send, { params: { id }, body: null });

/** After a save: the saved invoice as the server answered, every invoice list and the unbilled packages refetched. */
export function afterInvoiceSaved(client: QueryClient, invoice: InvoiceDetail) {
  client.setQueryData(invoiceFormKeys.detail(invoice.id), invoice);
  void client.invalidateQueries({
    predicate: (q) => {
      const [head, kind] = q.queryKey as unknown[];
      if (head === 'invoices') return kind !== 'detail';
      return typeof head === 'string' && head.includes('invoice') && kind !== 'preview';
    },
  });
}
