import { describe, expect, it } from 'vitest';
import type { PaymentSettings } from '../../../contract/payments';
import {
  checkOnlinePayments,
  onlinePaymentBody,
  onlinePaymentsPreview,
  onlinePaymentValues,
} from './online-payments';

const saved: PaymentSettings = {
  provider: 'wipay',
  label: '',
  currency: 'JMD',
  available: ['none', 'test', 'wipay'],
  wipay: {
    account_number: '1234567890',
    environment: 'sandbox',
    fee_structure: 'customer_pay',
    country_code: 'JM',
    api_key_set: true,
  },
};

describe('the Online payments section', () => {
  it('never holds the stored key, and leaves an untouched key out of what it saves (so it stays)', () => {
    const values = onlinePaymentValues(saved);
    expect(values.api_key).toBe('');
    expect(onlinePaymentBody(values).wipay).not.toHaveProperty('api_key');
    expect(onlinePaymentBody({ ...values, api_key: ' new-key ' }).wipay?.api_key).toBe('new-key');
  });

  it('asks WiPay for its account number, and for a key only while none is stored', () => {
    const values = { ...onlinePaymentValues(saved), account_number: ' ' };
    expect(checkOnlinePayments(values, true)).toEqual({ account_number: 'Enter the WiPay account number' });
    expect(Object.keys(checkOnlinePayments(values, false))).toEqual(['account_number', 'api_key']);
    expect(checkOnlinePayments({ ...values, provider: 'test' }, false)).toEqual({});
  });

  it('tells what customers meet, fee included', () => {
    const values = onlinePaymentValues(saved);
    expect(onlinePaymentsPreview({ ...values, provider: 'none' })).toMatch(/^No Pay button/);
    expect(onlinePaymentsPreview(values)).toContain("WiPay's fee is added to what they pay");
    expect(onlinePaymentsPreview({ ...values, environment: 'live' })).not.toContain('sandbox');
  });
});
