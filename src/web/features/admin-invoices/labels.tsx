import type { BadgeProps } from '@mantine/core';
import type { InvoiceSort, InvoiceStatus, PaymentMethod } from '../../../contract/invoices';
import { ToneBadge } from '../../components/ToneBadge';

export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  issued: 'Issued',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
};
const TONES: Record<InvoiceStatus, string> = {
  draft: 'gray',
  issued: 'blue',
  partially_paid: 'orange',
  paid: 'green',
  overdue: 'red',
  cancelled: 'gray',
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  points: 'Points / wallet',
};

export const SORT_LABELS: Record<InvoiceSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  number: 'Number',
  due: 'Due date',
  total: 'Highest total',
  balance: 'Highest balance',
  customer: 'Customer',
};

/** The status in words and colour; the words carry the meaning. */
export function StatusBadge({ status, ...props }: { status: InvoiceStatus } & BadgeProps) {
  return (
    <ToneBadge tone={TONES[status] ?? 'gray'} data-status={status} {...props}>
      {STATUS_LABELS[status] ?? status}
    </ToneBadge>
  );
}

/** Open invoices take payments, can be sent and cancelled. */
export const isOpen = (status: InvoiceStatus) =>
  status === 'issued' || status === 'partially_paid' || status === 'overdue';
