import { callsFor } from './endpoint';
import type { invoiceSchemas } from './invoices';

const tags = ['invoices'];

/** Invoices: customers see their own (never drafts), staff their company's and create, edit and send them. */
export const invoiceCalls = callsFor<typeof invoiceSchemas>()({
  list: { method: 'GET', path: '/v1/invoices', access: 'verified', tags },
  one: { method: 'GET', path: '/v1/invoices/:id', access: 'verified', tags },
  pdf: {
    summary: 'Download an invoice as PDF',
    method: 'GET',
    path: '/v1/invoices/:id/pdf',
    access: 'verified',
    tags,
    file: true,
    description: 'The invoice as a print-ready PDF (attachment).',
  },
  create: { method: 'POST', path: '/v1/invoices', access: 'staff', tags: ['staff', ...tags], status: 201 },
  update: { method: 'PUT', path: '/v1/invoices/:id', access: 'staff', tags: ['staff', ...tags] },
  send: {
    method: 'POST',
    path: '/v1/invoices/:id/send',
    access: 'staff',
    tags: ['staff', ...tags],
    description:
      'Queues the invoice’s mail with its PDF attached, in the same transaction as the change (a draft is issued first), and notifies the customer. `sent_at` is set once the mail went out; a mail that fails for good (after its retries) is recorded on the invoice (`send_error`, and in its history) until a send succeeds.',
  },
  stats: {
    summary: 'Invoice stat cards for a filter',
    method: 'GET',
    path: '/v1/admin/invoices/stats',
    access: 'staff',
    tags: ['staff', ...tags],
  },
  preview: {
    method: 'POST',
    path: '/v1/admin/invoices/preview',
    access: 'staff',
    tags: ['staff', ...tags],
    description: 'Prices an invoice form without saving it: the totals the screen shows.',
  },
  unbilled: {
    summary: 'List a customer’s unbilled packages',
    method: 'GET',
    path: '/v1/admin/invoices/unbilled',
    access: 'staff',
    tags: ['staff', ...tags],
    description: 'A customer’s packages on no invoice yet, each with the lines it would add.',
  },
  mailDraft: {
    summary: 'Preview an invoice’s mail',
    method: 'GET',
    path: '/v1/invoices/:id/mail',
    access: 'staff',
    tags: ['staff', ...tags],
  },
  bulkSend: { method: 'POST', path: '/v1/admin/invoices/send', access: 'staff', tags: ['staff', ...tags] },
  issue: { method: 'POST', path: '/v1/invoices/:id/issue', access: 'staff', tags: ['staff', ...tags] },
  duplicate: {
    method: 'POST',
    path: '/v1/invoices/:id/duplicate',
    access: 'staff',
    tags: ['staff', ...tags],
    status: 201,
  },
  remove: {
    method: 'DELETE',
    path: '/v1/invoices/:id',
    access: 'staff',
    tags: ['staff', ...tags],
    description: 'Deletes a draft; an issued invoice is cancelled instead.',
  },
  cancel: { method: 'POST', path: '/v1/invoices/:id/cancel', access: 'staff', tags: ['staff', ...tags] },
  pay: {
    method: 'POST',
    path: '/v1/invoices/:id/payments',
    access: 'staff',
    tags: ['staff', ...tags],
    status: 201,
  },
  reversePayment: {
    method: 'POST',
    path: '/v1/invoices/:id/payments/:paymentId/reverse',
    access: 'staff',
    tags: ['staff', ...tags],
  },
});
