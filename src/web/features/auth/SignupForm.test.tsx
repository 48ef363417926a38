import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, screen, waitFor } from '../../test/render';
import { SignupForm } from './SignupForm';

const parishes = [
  { id: 1, name: 'Kingston', code: 'KIN' },
  { id: 2, name: 'St. Andrew', code: 'AND' },
];

afterEach(() => vi.unstubAllGlobals());

describe('SignupForm', () => {
  it('shows a message on each invalid field', async () => {
    await renderWithRouter(<SignupForm parishes={parishes} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter your first name')).toBeTruthy();
    expect(screen.getByText('Enter your last name')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Use at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Choose your parish')).toBeTruthy();
    expect(screen.getByText('Enter your street address')).toBeTruthy();
    expect(screen.getByLabelText(/^First name/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the parish fallback message when parishes could not be fetched', async () => {
    await renderWithRouter(<SignupForm parishes={[]} parishesError="Failed to fetch parishs" />);
    expect(await screen.findByText('Failed to fetch parishs')).toBeTruthy();
  });

  it('puts server field errors on their fields', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            success: false,
            message: 'Validation failed',
            data: null,
            statusCode: 409,
            errors: { email: ['This email is already registered'] },
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    await renderWithRouter(<SignupForm parishes={parishes} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^First name/), 'Ann');
    await user.type(screen.getByLabelText(/^Last name/), 'Lee');
    await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '876-555-0123');
    await user.type(screen.getByLabelText(/^Password/), 'a-long-password-1');
    await user.click(screen.getByRole('combobox', { name: /^Parish/ }));
    await user.click(await screen.findByRole('option', { name: 'Kingston' }));
    await user.type(screen.getByLabelText(/^Address/), '12 Main Street');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This email is already registered')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true'));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      email: 'ann@example.com',
      parish_id: 1,
      first_name: 'Ann',
    });
  });
});
