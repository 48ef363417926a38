import { t } from '@lingui/core/macro';
import type { BadgeProps } from '@mantine/core';
import { INVOICE_STATUS_LABELS } from '../../contract/constants';
import type { InvoiceStatus } from '../../contract/invoices';
import { ToneBadge } from './ToneBadge';

export { INVOICE_STATUS_LABELS };

/** A customer reads an issued invoice as one they have not paid yet. */
/**
 * As a customer reads them ("Unpaid" for issued). Getters, so each read is in the current language (the contract's
 * labels may be getters too: a spread would freeze them in the language of the first load).
 */
export const CUSTOMER_INVOICE_STATUS_LABELS = Object.defineProperties(
  {} as Record<InvoiceStatus, string>,
  Object.fromEntries(
    (Object.keys(INVOICE_STATUS_LABELS) as InvoiceStatus[]).map((status) => [
      status,
      {
        enumerable: true,
        get: () => (status === 'issued' ? t`Unpaid` : INVOICE_STATUS_LABELS[status]),
      },
    ]),
  ),
);

const TONES: Record<InvoiceStatus, string> = {
  draft: 'gray',
  issued: 'blue',
  partially_paid: 'orange',
  paid: 'green',
  overdue: 'red',
  cancelled: 'gray',
};

/** How each payment method is named, on every screen and on the invoice (the contract's one set of words). */
export { PAYMENT_METHOD_LABELS } from '../../contract/invoices-paper';

/** The status in words and colour; the words carry the meaning. */
export function InvoiceStatusBadge({
  status,
  labels = INVOICE_STATUS_LABELS,
  ...props
}: { status: InvoiceStatus; labels?: Record<InvoiceStatus, string> } & BadgeProps) {
  return (
    <ToneBadge tone={TONES[status] ?? 'gray'} data-status={status} {...props}>
      {labels[status] ?? status}
    </ToneBadge>
  );
}
