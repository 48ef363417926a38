import type { BadgeProps } from '@mantine/core';
import type { PurchaseRequestStatus } from '../../../contract/purchase-requests';
import { ToneBadge } from '../../components/ToneBadge';

export const PURCHASE_REQUEST_STATUS_LABELS: Record<PurchaseRequestStatus, string> = {
  requested: 'Requested',
  quoted: 'Quoted',
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  purchased: 'Purchased',
  cancelled: 'Cancelled',
  quote_expired: 'Quote expired',
};

const TONES: Record<PurchaseRequestStatus, string> = {
  requested: 'gray',
  quoted: 'blue',
  awaiting_payment: 'orange',
  paid: 'teal',
  purchased: 'green',
  cancelled: 'gray',
  quote_expired: 'red',
};

/** The status in words and colour; the words carry the meaning. Never shrinks beside a long item name. */
export function PurchaseRequestStatusBadge({
  status,
  ...props
}: { status: PurchaseRequestStatus } & BadgeProps) {
  return (
    <ToneBadge tone={TONES[status] ?? 'gray'} data-status={status} flex="none" {...props}>
      {PURCHASE_REQUEST_STATUS_LABELS[status] ?? status}
    </ToneBadge>
  );
}
