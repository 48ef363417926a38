import './i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { BadgeProps } from '@mantine/core';
import type { PurchaseRequestStatus } from '../../../contract/purchase-requests';
import { ToneBadge } from '../../components/ToneBadge';

export const PURCHASE_REQUEST_STATUS_LABELS: Record<PurchaseRequestStatus, MessageDescriptor> = {
  requested: msg`Requested`,
  quoted: msg`Quoted`,
  awaiting_payment: msg`Awaiting payment`,
  paid: msg`Paid`,
  purchased: msg`Purchased`,
  cancelled: msg`Cancelled`,
  quote_expired: msg`Quote expired`,
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
  const { i18n } = useLingui();
  const label = PURCHASE_REQUEST_STATUS_LABELS[status];
  return (
    <ToneBadge tone={TONES[status] ?? 'gray'} data-status={status} flex="none" {...props}>
      {label ? i18n._(label) : status}
    </ToneBadge>
  );
}
