import './i18n';
import { t } from '@lingui/core/macro';
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

// Getters: read in the language shown when the form draws them.
export const PROVIDER_LABELS: Record<PaymentProvider, string> = {
  get none() {
    return t`None`;
  },
  get test() {
    return t`Test provider (no real money)`;
  },
  wipay: 'WiPay',
};

export const FEE_LABELS: Record<Wipay['fee_structure'], string> = {
  get customer_pay() {
    return t`The customer`;
  },
  get merchant_absorb() {
    return t`The company`;
  },
  get split() {
    return t`Half each`;
  },
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
  if (!v.account_number.trim()) errors.account_number = t`Enter the WiPay account number`;
  if (!keySet && !v.api_key.trim()) errors.api_key = t`Enter the API key WiPay gave you`;
  return errors;
}

/** What customers will meet, in one sentence. */
export function onlinePaymentsPreview(v: OnlinePaymentValues): string {
  if (v.provider === 'none') return t`No Pay button: customers pay as "How to pay" says.`;
  const button =
    v.provider === 'test'
      ? t`A "Pay … now" button on every unpaid invoice (and "Pay all" on the list), paid on the test provider's page (no real money moves).`
      : v.environment === 'sandbox'
        ? t`A "Pay … now" button on every unpaid invoice (and "Pay all" on the list), paid on WiPay's card page in its sandbox (no real money moves).`
        : t`A "Pay … now" button on every unpaid invoice (and "Pay all" on the list), paid on WiPay's card page.`;
  const fee =
    v.provider === 'wipay' && v.fee_structure === 'customer_pay'
      ? ` ${t`WiPay's fee is added to what they pay.`}`
      : v.provider === 'wipay' && v.fee_structure === 'split'
        ? ` ${t`Half of WiPay's fee is added to what they pay.`}`
        : v.provider === 'wipay'
          ? ` ${t`WiPay's fee comes out of what the company receives.`}`
          : '';
  return `${button}${fee}`;
}
