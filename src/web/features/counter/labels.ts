import type { CounterBilling } from '../../../contract/counter';

export { PAYMENT_METHOD_LABELS as METHOD_LABELS } from '../../components/InvoiceStatusBadge';

export const BILLING_LABELS: Record<CounterBilling, string> = {
  paid: 'Paid',
  unpaid: 'Unpaid',
  not_billed: 'Not billed',
};

export const BILLING_TONES: Record<CounterBilling, string> = {
  paid: 'green',
  unpaid: 'red',
  not_billed: 'orange',
};

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
