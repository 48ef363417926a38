import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, screen, waitFor } from '../../test/render';
import { SignupForm } from './SignupForm';

const parishes = [
  { id: 1, name: 'Kingston', code: 'KIN' },
  { id: 2, name: 'St. Andrew', code: 'AND' },
];

afterEach(() => vi.unstubAllGlobals());

async function fillAndSubmit() {
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
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
            statusCode: 400,
            errors: { phone: ['Enter a phone number, e.g. 876-555-0123'] },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    await renderWithRouter(<SignupForm parishes={parishes} />);
    await fillAndSubmit();
    expect(await screen.findByText('Enter a phone number, e.g. 876-555-0123')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText(/^Phone/).getAttribute('aria-invalid')).toBe('true'));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      email: 'ann@example.com',
      parish_id: 1,
      first_name: 'Ann',
    });
  });

  it('after sign-up (which hands out no tokens) signs in with the chosen password and opens /verification', async () => {
    const fetch = vi.fn(async (url: string) =>
      String(url).endsWith('/v1/auth/register')
        ? json(201, {
            success: true,
            message: 'Check your email to finish signing up',
            data: null,
            statusCode: 201,
          })
        : json(401, { success: false, message: 'Invalid email or password', data: null, statusCode: 401 }),
    );
    vi.stubGlobal('fetch', fetch);
    const { router } = await renderWithRouter(<SignupForm parishes={parishes} />);
    await fillAndSubmit();
    // A taken address (sign-in refused) ends on the same screen as a new one: nothing tells them apart.
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification'));
    const calls = fetch.mock.calls.map((c) => String(c[0]));
    expect(calls.map((u) => new URL(u, 'http://x').pathname)).toEqual([
      '/v1/auth/register',
      '/v1/auth/login',
    ]);
    const [, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ann@example.com',
      password: 'a-long-password-1',
    });
  });
});
