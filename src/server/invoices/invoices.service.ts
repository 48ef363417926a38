import type {
  CreateInvoiceBody,
  InvoiceListQuery,
  InvoicePreviewBody,
  PaymentBody,
  SendInvoiceBody,
  UpdateInvoiceBody,
} from '../../contract/invoices';
import type { CompanyRow, UserRow } from '../db/rows';
import type { InvoiceDeps } from './invoice-context';
import { bulkSend, invoicePdfFile, mailDraft, sendInvoice } from './invoice-delivery';
import { createInvoice, duplicateInvoice, previewInvoice, removeDraft } from './invoice-drafts';
import { cancelInvoice, issueInvoice } from './invoice-issue';
import { recordPayment, reversePayment } from './invoice-payments';
import {
  balanceDue,
  invoiceDetail,
  invoiceStats,
  listInvoices,
  refreshOverdue,
  unbilledPackages,
} from './invoice-queries';
import { updateInvoice } from './invoice-revisions';

/**
 * The invoices capability as its routes and the other services reach it. Each job lives in its own module, by what
 * it does: reading (invoice-queries), drafts (invoice-drafts), issue, numbering and cancel (invoice-issue), revisions
 * (invoice-revisions), payments and points (invoice-payments), send and PDF (invoice-delivery, invoice-send). This
 * only hands each its dependencies.
 */
export function createInvoiceService(deps: InvoiceDeps) {
  const { db } = deps;
  type C = CompanyRow;
  type U = UserRow;
  return {
    /** Open invoices past due become overdue (one company, or every company for the scheduled job). */
    refreshOverdue: (companyId: string | null) => refreshOverdue(db, companyId),
    list: (company: C, user: U, q: InvoiceListQuery) => listInvoices(db, company, user, q),
    stats: (company: C, user: U, q: InvoiceListQuery) => invoiceStats(db, company, user, q),
    detail: (company: C, user: U, id: string) => invoiceDetail(db, company, user, id),
    balanceDue: (company: C, user: U) => balanceDue(db, company, user),
    unbilled: (company: C, customerId: string) => unbilledPackages(db, company, customerId),
    preview: (company: C, body: InvoicePreviewBody) => previewInvoice(db, company, body),

    create: (company: C, staff: U, body: CreateInvoiceBody, origin: string) =>
      createInvoice(deps, company, staff, body, origin),
    update: (company: C, staff: U, id: string, body: UpdateInvoiceBody, origin: string) =>
      updateInvoice(deps, company, staff, id, body, origin),
    issue: (company: C, staff: U, id: string, origin: string) =>
      issueInvoice(deps, company, staff, id, origin),
    duplicate: (company: C, staff: U, id: string) => duplicateInvoice(deps, company, staff, id),
    remove: (company: C, staff: U, id: string) => removeDraft(deps, company, staff, id),
    cancel: (company: C, staff: U, id: string, body: { reason: string }, origin: string) =>
      cancelInvoice(deps, company, staff, id, body, origin),

    pay: (company: C, staff: U, id: string, body: PaymentBody, origin: string) =>
      recordPayment(deps, company, staff, id, body, origin),
    reversePayment: (company: C, staff: U, id: string, paymentId: string, body: { reason: string }) =>
      reversePayment(deps, company, staff, id, paymentId, body),

    send: (company: C, staff: U, id: string, body: SendInvoiceBody | undefined, origin: string) =>
      sendInvoice(deps, company, staff, id, body, origin),
    bulkSend: (company: C, staff: U, ids: string[], origin: string) =>
      bulkSend(deps, company, staff, ids, origin),
    mailDraft: (company: C, staff: U, id: string) => mailDraft(deps, company, staff, id),
    pdf: (company: C, user: U, id: string) => invoicePdfFile(db, company, user, id),
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
