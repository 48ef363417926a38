import type { PaymentProvider } from '../../../contract/constants';
import type { PaymentSettings, UpdatePaymentSettingsBody } from '../../../contract/payments';

/*
 * The "Online payments" section as its form holds it and back to what the API takes. The API key is write-only:
 * the form starts it empty, and an empty key is left out of the body so the stored one stays.
 */

type Wipay = PaymentSettings['wipay'];
export type OnlinePaymentValues = {
  provider: PaymentProvider;
  label: string;
  account_number: string;
  api_key: string;
  environment: Wipay['environment'];
  fee_structure: Wipay['fee_structure'];
  country_code: Wipay['country_code'];
};

export const PROVIDER_LABELS: Record<PaymentProvider, string> = {
  none: 'None',
  test: 'Test provider (no real money)',
  wipay: 'WiPay',
};

export const FEE_LABELS: Record<Wipay['fee_structure'], string> = {
  customer_pay: 'The customer',
  merchant_absorb: 'The company',
  split: 'Half each',
};

export const onlinePaymentValues = (s: PaymentSettings): OnlinePaymentValues => ({
  provider: s.provider,
  label: s.label,
  account_number: s.wipay.account_number,
  api_key: '',
  environment: s.wipay.environment,
  fee_structure: s.wipay.fee_structure,
  country_code: s.wipay.country_code,
});

export const onlinePaymentBody = (v: OnlinePaymentValues): UpdatePaymentSettingsBody => {
  const key = v.api_key.trim();
  return {
    provider: v.provider,
    label: v.label.trim(),
    wipay: {
      account_number: v.account_number.trim(),
      environment: v.environment,
      fee_structure: v.fee_structure,
      country_code: v.country_code,
      ...(key ? { api_key: key } : {}),
    },
  };
};

/** WiPay needs its account number, and a key unless one is stored already. */
export function checkOnlinePayments(v: OnlinePaymentValues, keySet: boolean): Record<string, string> {
  if (v.provider !== 'wipay') return {};
  const errors: Record<string, string> = {};
  if (!v.account_number.trim()) errors.account_number = 'Enter the WiPay account number';
  if (!keySet && !v.api_key.trim()) errors.api_key = 'Enter the API key WiPay gave you';
  return errors;
}

/** What customers will meet, in one sentence. */
export function onlinePaymentsPreview(v: OnlinePaymentValues): string {
  if (v.provider === 'none') return 'No Pay button: customers pay as "How to pay" says.';
  const where =
    v.provider === 'test'
      ? "the test provider's page (no real money moves)"
      : `WiPay's card page${v.environment === 'sandbox' ? ' in its sandbox (no real money moves)' : ''}`;
  const fee =
    v.provider === 'wipay' && v.fee_structure === 'customer_pay'
      ? " WiPay's fee is added to what they pay."
      : v.provider === 'wipay' && v.fee_structure === 'split'
        ? " Half of WiPay's fee is added to what they pay."
        : v.provider === 'wipay'
          ? " WiPay's fee comes out of what the company receives."
          : '';
  return `A "Pay … now" button on every unpaid invoice (and "Pay all" on the list), paid on ${where}.${fee}`;
}
