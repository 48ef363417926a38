import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvitationInfo } from '../../../contract/staff';
import { renderWithRouter, screen } from '../../test/render';
import { InvitationPage } from './InvitationPage';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const info: InvitationInfo = {
  company_name: 'Island Express',
  email: 'kemar@example.test',
  role: 'staff',
  expires_at: '2026-12-04T12:00:00.000Z',
  existing_account: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('InvitationPage', () => {
  it('says plainly when the link can no longer be used', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          {
            success: false,
            message: 'This invitation has expired. Ask the company to send it again.',
            data: null,
            statusCode: 410,
          },
          410,
        ),
      ),
    );
    await renderWithRouter(<InvitationPage token="spent-token-123" />);
    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This invitation has expired. Ask the company to send it again.',
    );
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('names the company and e-mail, and checks the fields before sending', async () => {
    const fetch = vi.fn(async () => json({ success: true, message: 'OK', data: info, statusCode: 200 }, 200));
    vi.stubGlobal('fetch', fetch);
    await renderWithRouter(<InvitationPage token="good-token-123" />);
    expect(await screen.findByRole('heading', { name: 'Join Island Express' })).toBeTruthy();
    expect(screen.getByText('kemar@example.test')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Enter your first name')).toBeTruthy();
    expect(screen.getByText('Enter your last name')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
