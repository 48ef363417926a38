import type { CounterBilling } from '../../../contract/counter';
import type { PaymentMethod } from '../../../contract/invoices';

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  points: 'Points / wallet',
};

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
