import type { BadgeProps } from '@mantine/core';
import type { InvoiceStatus } from '../../../contract/invoices';
import { ToneBadge } from '../../components/ToneBadge';

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  issued: 'Unpaid',
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

/** The status in words and colour; the words carry the meaning. */
export function InvoiceStatusBadge({ status, ...props }: { status: InvoiceStatus } & BadgeProps) {
  return (
    <ToneBadge tone={TONES[status] ?? 'gray'} data-status={status} {...props}>
      {INVOICE_STATUS_LABELS[status] ?? status}
    </ToneBadge>
  );
}
