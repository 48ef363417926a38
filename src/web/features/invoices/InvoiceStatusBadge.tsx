import type { BadgeProps } from '@mantine/core';
import type { InvoiceStatus } from '../../../contract/invoices';
import {
  InvoiceStatusBadge as Badge,
  CUSTOMER_INVOICE_STATUS_LABELS,
} from '../../components/InvoiceStatusBadge';

export const INVOICE_STATUS_LABELS = CUSTOMER_INVOICE_STATUS_LABELS;

/** The status as the customer reads it ("Unpaid" for an issued invoice). */
export function InvoiceStatusBadge(props: { status: InvoiceStatus } & BadgeProps) {
  return <Badge labels={CUSTOMER_INVOICE_STATUS_LABELS} {...props} />;
}
