import { callsFor } from './endpoint';
import type { invoiceSchemas } from './invoices';

const tags = ['invoices'];

/** Invoices: customers see their own (never drafts), staff their company's and create, edit and send them. */
export const invoiceCalls = callsFor<typeof invoiceSchemas>()({
  list: { method: 'GET', path: '/v1/invoices', access: 'verified', tags },
  one: { method: 'GET', path: '/v1/invoices/:id', access: 'verified', tags },
  pdf: {
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
    description: 'Emails the invoice to the customer (a draft is issued first) and notifies them.',
  },
});
