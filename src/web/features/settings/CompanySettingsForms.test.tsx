import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanySettings, UpdateSettingsInput } from '../../../contract/settings';
import { ApiError } from '../../lib/api/api-error';
import { render, screen, waitFor, within } from '../../test/render';
import { CompanySettingsForms } from './CompanySettingsScreen';

vi.mock('../../components/AuditTrail', () => ({ AuditTrail: () => null }));

const settings: CompanySettings = {
  company_id: '00000000-0000-4000-8000-000000000002',
  currency: 'JMD',
  time_zone: 'America/Jamaica',
  languages: { offered: ['en', 'es', 'fr', 'ar'], default: 'en' },
  payment: {
    bank_transfer: {
      bank_name: 'National Commercial Bank (NCB)',
      account_name: 'Island Express Ltd',
      account_number: '351-012-345',
      branch: 'Half Way Tree',
      account_type: 'Current account, JMD',
    },
    counter: 'Pay by cash or card at the counter.',
    online_url: '',
    overdue: 'Held until paid.',
  },
  points: { cents_per_point: 10000, prealert_bonus: 25, point_value_cents: 100 },
  invoice: { tax_rate: '0', tax_label: 'GCT', terms: 'Payable at the counter.', due_days: 14 },
};

function setup(
  save = vi.fn(async (body: UpdateSettingsInput) => ({ ...settings, ...body }) as CompanySettings),
) {
  const user = userEvent.setup({ delay: null });
  render(<CompanySettingsForms settings={settings} save={save} />);
  return { user, save };
}

const section = (name: string) => screen.getByRole('form', { name });

afterEach(() => vi.restoreAllMocks());

describe('Company settings', () => {
  it('shows each section with labelled fields and what customers will read', () => {
    setup();
    expect((screen.getByLabelText(/^Account name/) as HTMLInputElement).value).toBe('Island Express Ltd');
    expect(screen.getByLabelText('Account name (optional)')).toBeTruthy();
    expect(screen.getByTestId('settings-points-preview').textContent).toBe(
      '1 point per J$100.00 paid; 1 point = J$1.00; 25 points for a pre-alert sent with its invoice file.',
    );
    expect(screen.getByTestId('settings-invoices-preview').textContent).toBe(
      'No tax on services; due 14 days after it is issued.',
    );
    expect(screen.getByTestId('settings-payment-preview').textContent).toContain(
      'Bank transfer to Island Express Ltd, National Commercial Bank (NCB), Half Way Tree, account 351-012-345',
    );
  });

  it('offers Save in a section only once something in it changed', async () => {
    const { user } = setup();
    const save = () =>
      within(section('Payment')).getByRole('button', { name: 'Save payment' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    const field = screen.getByLabelText(/^Account name/);
    await user.clear(field);
    await user.paste('Island Express Trading Ltd');
    expect(save().disabled).toBe(false);
    // The other sections did not change.
    expect(
      (within(section('Points')).getByRole('button', { name: 'Save points' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByTestId('settings-payment-preview').textContent).toContain(
      'Island Express Trading Ltd',
    );
  });

  it('says the tax on services as customers will read it once a rate is set', async () => {
    const { user } = setup();
    const field = screen.getByLabelText(/^Tax rate/);
    await user.clear(field);
    await user.paste('15');
    expect(screen.getByTestId('settings-invoices-preview').textContent).toBe(
      'GCT 15\u00a0% on services; due 14 days after it is issued.',
    );
  });

  it('sends the whole section, in cents, and says it was saved', async () => {
    const { user, save } = setup();
    const field = screen.getByLabelText(/^Paid for 1 point/);
    await user.clear(field);
    await user.paste('200');
    await user.click(within(section('Points')).getByRole('button', { name: 'Save points' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        points: { cents_per_point: 20000, prealert_bonus: 25, point_value_cents: 100 },
      }),
    );
  });

  it('puts the server’s message on its field and keeps the change', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(400, 'Validation failed', {
        'body.payment.online_url': ['A web address starting with https://'],
      });
    });
    const { user } = setup(save);
    const field = screen.getByLabelText(/^Online payment page/);
    await user.click(field);
    await user.paste('https://pay.example.test/x');
    await user.click(within(section('Payment')).getByRole('button', { name: 'Save payment' }));
    expect(await screen.findByText('A web address starting with https://')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLInputElement).value).toBe('https://pay.example.test/x');
  });

  it('refuses a bad value before sending it', async () => {
    const { user, save } = setup();
    const field = screen.getByLabelText(/^Tax name/);
    await user.clear(field);
    await user.click(within(section('Invoices')).getByRole('button', { name: 'Save invoices' }));
    expect(await within(section('Invoices')).findByText('Required')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('saves the languages offered and the default, which follows when its language is unticked', async () => {
    const { user, save } = setup();
    const languages = section('Languages');
    expect((within(languages).getByRole('checkbox', { name: 'Español' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(within(languages).getByRole('checkbox', { name: 'English' }));
    await user.click(within(languages).getByRole('checkbox', { name: 'Français' }));
    expect((within(languages).getAllByLabelText(/^Default language/)[0] as HTMLInputElement).value).toBe(
      'Español',
    );
    expect(screen.getByTestId('settings-languages-preview').textContent).toBe(
      'Languages to choose from: Español, العربية. Otherwise the portal is in Español.',
    );
    await user.click(within(languages).getByRole('button', { name: 'Save languages' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({ languages: { offered: ['es', 'ar'], default: 'es' } }),
    );
  });
});
