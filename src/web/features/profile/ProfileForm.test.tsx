import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type Profile } from '../../../contract/profile';
import { ApiError } from '../../lib/api/api-error';
import { render, screen, waitFor } from '../../test/render';
import { ProfileForm, type SaveProfile } from './ProfileForm';

const parishes = [
  { id: 1, name: 'Kingston', code: 'KIN' },
  { id: 2, name: 'St. Andrew', code: 'AND' },
];

const profile: Profile = {
  user: {
    id: '00000000-0000-4000-8000-000000000001',
    company_id: '00000000-0000-4000-8000-000000000002',
    email: 'ann@example.com',
    first_name: 'Ann',
    last_name: 'Lee',
    name: 'Ann Lee',
    locale: null,
    phone: '876-555-0123',
    address: '12 Hope Road, Kingston 6',
    parish_id: 2,
    trn: null,
    mailbox_number: 'IEX-10234',
    role: 'customer',
    is_superadmin: false,
    email_verified: true,
    created_at: '2026-01-01T00:00:00.000Z',
  },
  parish: { id: 2, name: 'St. Andrew' },
  mailbox_number: 'IEX-10234',
  notification_preferences: {
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    email_package_updates: true,
    email_invoices: true,
    email_purchase_requests: false,
  },
  warehouse_address: {
    line1: '8400 NW 25th Street',
    line2: 'Suite 110',
    city: 'Doral',
    state: 'FL',
    postal_code: '33122',
    country: 'United States',
    phone: '305-555-0142',
  },
  shipping_address: {
    name: 'Ann Lee IEX-10234',
    line1: '8400 NW 25th Street',
    line2: 'Suite 110 IEX-10234',
    city: 'Doral',
    state: 'FL',
    postal_code: '33122',
    country: 'United States',
    phone: '305-555-0142',
  },
};

/** Replaces a field's text (pasting: typing character by character is slow in jsdom). */
async function replace(user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) await user.paste(value);
}

function setup(save: SaveProfile = vi.fn(async () => profile)) {
  const user = userEvent.setup({ delay: null });
  const view = render(<ProfileForm profile={profile} parishes={parishes} save={save} />);
  return { user, save, ...view };
}

afterEach(() => vi.restoreAllMocks());

describe('ProfileForm', () => {
  it('shows the saved values in labelled fields, and the email as text', () => {
    setup();
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Ann');
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).value).toBe('Lee');
    expect((screen.getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('876-555-0123');
    expect((screen.getByLabelText(/^Address/) as HTMLInputElement).value).toBe('12 Hope Road, Kingston 6');
    expect((screen.getByRole('combobox', { name: /^Parish/ }) as HTMLInputElement).value).toBe('St. Andrew');
    expect((screen.getByLabelText(/^TRN/) as HTMLInputElement).value).toBe('');
    // The email is the login: shown, not a field.
    expect(screen.getByTestId('profile-email').textContent).toBe('ann@example.com');
    expect(screen.queryByRole('textbox', { name: /^Email/ })).toBeNull();
    expect((screen.getByRole('switch', { name: /^Other package updates/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    // Each moment by each channel, every checkbox named by both.
    expect(
      (screen.getByRole('checkbox', { name: 'Package on hold — push' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getAllByRole('checkbox', { name: / — (push|e-mail)$/ })).toHaveLength(10);
    expect((screen.getByRole('switch', { name: /^Purchase requests/ }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('offers "Save changes" only once something changed, and again not after the change is undone', async () => {
    const { user } = setup();
    const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(saveButton().disabled).toBe(true);
    await replace(user, /^Last name/, 'Brown');
    expect(saveButton().disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(saveButton().disabled).toBe(true);
  });

  it('puts each validation message on its field and sends nothing', async () => {
    const { user, save } = setup();
    await replace(user, /^First name/, '');
    await replace(user, /^Phone/, 'call me');
    await replace(user, /^Address/, '12');
    await replace(user, /^TRN/, '1234');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter your first name')).toBeTruthy();
    expect(screen.getByText('Enter a phone number, e.g. 876-555-0123')).toBeTruthy();
    expect(screen.getByText('Enter your street address')).toBeTruthy();
    expect(screen.getByText('A TRN has 9 digits')).toBeTruthy();
    expect(screen.getByLabelText(/^First name/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^TRN/).getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the cleaned-up changes and refreshes the user for the header', async () => {
    const saved: Profile = {
      ...profile,
      user: { ...profile.user, first_name: 'Annie', name: 'Annie Lee', trn: '123456789', parish_id: 1 },
      parish: { id: 1, name: 'Kingston' },
      notification_preferences: { ...profile.notification_preferences, email_invoices: false },
    };
    const save = vi.fn<SaveProfile>(async () => saved);
    const { user, queryClient } = setup(save);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await replace(user, /^First name/, '  Annie ');
    await replace(user, /^TRN/, '123-456-789');
    await user.click(screen.getByRole('combobox', { name: /^Parish/ }));
    await user.click(await screen.findByRole('option', { name: 'Kingston' }));
    await user.click(screen.getByRole('switch', { name: /^Invoice reminders/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Package on hold — push' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({
      first_name: 'Annie',
      last_name: 'Lee',
      phone: '876-555-0123',
      address: '12 Hope Road, Kingston 6',
      parish_id: 1,
      trn: '123456789',
      notification_preferences: {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        package_held_push: false,
        email_package_updates: true,
        email_invoices: false,
        email_purchase_requests: false,
      },
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me'] }));
    expect(queryClient.getQueryData(['profile'])).toEqual(saved);
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Annie');
    expect(screen.getByRole('button', { name: 'Undo changes' }).hasAttribute('disabled')).toBe(true);
  });

  it("puts the server's field errors on their fields", async () => {
    const save = vi.fn<SaveProfile>(async () => {
      throw new ApiError(400, 'Validation failed', { parish_id: ['Choose a parish from the list'] });
    });
    const { user } = setup(save);
    await replace(user, /^Last name/, 'Brown');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Choose a parish from the list')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes a newer copy from the server unless the user is editing', async () => {
    const { user, rerender } = setup();
    const newer: Profile = { ...profile, user: { ...profile.user, first_name: 'Annie' } };
    rerender(<ProfileForm profile={newer} parishes={parishes} />);
    await waitFor(() =>
      expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Annie'),
    );

    await replace(user, /^Last name/, 'Brown');
    const newest: Profile = { ...profile, user: { ...profile.user, first_name: 'Anne' } };
    rerender(<ProfileForm profile={newest} parishes={parishes} />);
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).value).toBe('Brown');
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Annie');
  });

  it('still shows the saved parish when the parish list is not on this device', () => {
    render(<ProfileForm profile={profile} parishes={[]} parishesLoading />);
    const parish = screen.getByRole('combobox', { name: /^Parish/ }) as HTMLInputElement;
    expect(parish.value).toBe('St. Andrew');
    expect(parish.disabled).toBe(false);
  });
});
