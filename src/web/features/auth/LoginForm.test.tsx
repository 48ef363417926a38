import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../lib/session/cookies';
import { renderWithRouter, screen } from '../../test/render';
import { LoginForm } from './LoginForm';

afterEach(() => vi.unstubAllGlobals());

describe('LoginForm', () => {
  it('validates before calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await renderWithRouter(<LoginForm />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the server message on wrong credentials, without a refresh attempt', async () => {
    setCookie('refreshToken', 'stale-refresh-token');
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            success: false,
            message: 'Invalid email or password',
            data: null,
            statusCode: 401,
          }),
          { status: 401, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    await renderWithRouter(<LoginForm />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Email/), 'customer@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
