import { describe, expect, it } from 'vitest';
import type { PaymentSettings } from '../../../../contract/payments';
import { render, screen } from '../../../test/render';
import { OnlinePaymentsForm } from './OnlinePaymentsSection';

const settings = (api_key_set: boolean): PaymentSettings => ({
  provider: 'wipay',
  label: '',
  currency: 'JMD',
  available: ['none', 'test', 'wipay'],
  wipay: {
    account_number: '1234567890',
    environment: 'sandbox',
    fee_structure: 'customer_pay',
    country_code: 'JM',
    api_key_set,
  },
});

describe('the Online payments section', () => {
  it('shows WiPay’s fields with visible labels, the key as a password that says a saved one stays', () => {
    render(<OnlinePaymentsForm settings={settings(true)} />);
    const key = screen.getByLabelText('API key');
    expect(key.getAttribute('type')).toBe('password');
    expect((key as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Saved — enter a new key to replace it')).toBeTruthy();
    expect((screen.getByLabelText(/Account number/) as HTMLInputElement).value).toBe('1234567890');
    expect((screen.getByRole('radio', { name: 'WiPay' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('button', { name: 'Save online payments' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('without a stored key, asks for one', () => {
    render(<OnlinePaymentsForm settings={settings(false)} />);
    expect(screen.queryByText('Saved — enter a new key to replace it')).toBeNull();
    expect(screen.getByText(/stored encrypted, never shown again/)).toBeTruthy();
  });
});
