import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { setTokens } from '../../lib/session/session';
import { render, screen, waitFor } from '../../test/render';
import { changePassword } from './api';
import { PasswordForm, type SubmitPassword } from './PasswordForm';

afterEach(() => vi.unstubAllGlobals());

function setup(submit: SubmitPassword = vi.fn(async () => ({ signed_out_sessions: 2 }))) {
  const user = userEvent.setup({ delay: null });
  render(<PasswordForm submit={submit} />);
  return { user, submit };
}

/** Pastes into each field (typing character by character is slow in jsdom and proves nothing more here). */
async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) {
  for (const [label, value] of [
    [/^Current password/, current],
    [/^New password/, next],
    [/^Confirm new password/, confirm],
  ] as const) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
}

describe('PasswordForm', () => {
  it('checks the three fields before sending', async () => {
    const { user, submit } = setup();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(screen.getByText('Use at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Type the new password again')).toBeTruthy();

    await fill(user, 'old-password-1', 'a-new-password-2', 'a-new-password-3');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two new passwords are not the same')).toBeTruthy();
    expect(screen.getByLabelText(/^Confirm new password/).getAttribute('aria-invalid')).toBe('true');
    expect(submit).not.toHaveBeenCalled();
  });

  it('shows a wrong current password on its field', async () => {
    const submit = vi.fn<SubmitPassword>(async () => {
      throw new ApiError(400, 'Validation failed', {
        current_password: ['This is not your current password'],
      });
    });
    const { user } = setup(submit);
    await fill(user, 'not-my-password', 'a-new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This is not your current password')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText(/^Current password/).getAttribute('aria-invalid')).toBe('true'),
    );
    // The message is tied to the field for screen readers, not just shown under it.
    const described = (screen.getByLabelText(/^Current password/).getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('This is not your current password');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submit).toHaveBeenCalledWith({
      current_password: 'not-my-password',
      new_password: 'a-new-password-2',
    });
  });

  it('sends the current and new password, then empties the form', async () => {
    const { user, submit } = setup();
    await fill(user, 'old-password-1', 'a-new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({
        current_password: 'old-password-1',
        new_password: 'a-new-password-2',
      }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText(/^Current password/) as HTMLInputElement).value).toBe(''),
    );
    expect((screen.getByLabelText(/^Confirm new password/) as HTMLInputElement).value).toBe('');
  });

  it("names this device's refresh token so the server keeps this session", async () => {
    setTokens({ access_token: 'a.b.c', refresh_token: 'this-device-refresh-token' });
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            success: true,
            message: 'Password changed',
            data: { signed_out_sessions: 1 },
            statusCode: 200,
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(changePassword({ current_password: 'a', new_password: 'b' })).resolves.toEqual({
      signed_out_sessions: 1,
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/profile/password');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      current_password: 'a',
      new_password: 'b',
      refreshToken: 'this-device-refresh-token',
    });
  });
});
