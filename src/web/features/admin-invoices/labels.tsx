import './i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { InvoiceSort, InvoiceStatus } from '../../../contract/invoices';

export {
  INVOICE_STATUS_LABELS as STATUS_LABELS,
  InvoiceStatusBadge as StatusBadge,
  PAYMENT_METHOD_LABELS as METHOD_LABELS,
} from '../../components/InvoiceStatusBadge';

/** Messages, translated where the sort menu is drawn. */
export const SORT_LABELS: Record<InvoiceSort, MessageDescriptor> = {
  newest: msg`Newest first`,
  oldest: msg`Oldest first`,
  number: msg`Number`,
  due: msg`Due date`,
  total: msg`Highest total`,
  balance: msg`Highest balance`,
  customer: msg`Customer`,
};

/** Open invoices take payments, can be sent and cancelled. */
export const isOpen = (status: InvoiceStatus) =>
  status === 'issued' || status === 'partially_paid' || status === 'overdue';
