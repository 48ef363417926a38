import './i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CounterBilling } from '../../../contract/counter';

export { PAYMENT_METHOD_LABELS as METHOD_LABELS } from '../../components/InvoiceStatusBadge';

/** Translated where drawn (`i18n._`). */
export const BILLING_LABELS: Record<CounterBilling, MessageDescriptor> = {
  paid: msg`Paid`,
  unpaid: msg`Unpaid`,
  not_billed: msg`Not billed`,
};

export const BILLING_TONES: Record<CounterBilling, string> = {
  paid: 'green',
  unpaid: 'red',
  not_billed: 'orange',
};
