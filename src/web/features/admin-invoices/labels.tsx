import type { InvoiceSort, InvoiceStatus } from '../../../contract/invoices';

export {
  INVOICE_STATUS_LABELS as STATUS_LABELS,
  InvoiceStatusBadge as StatusBadge,
  PAYMENT_METHOD_LABELS as METHOD_LABELS,
} from '../../components/InvoiceStatusBadge';

export const SORT_LABELS: Record<InvoiceSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  number: 'Number',
  due: 'Due date',
  total: 'Highest total',
  balance: 'Highest balance',
  customer: 'Customer',
};

/** Open invoices take payments, can be sent and cancelled. */
export const isOpen = (status: InvoiceStatus) =>
  status === 'issued' || status === 'partially_paid' || status === 'overdue';
