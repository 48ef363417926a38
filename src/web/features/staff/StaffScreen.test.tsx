import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffList } from '../../../contract/staff';
import { render, screen, waitFor, within } from '../../test/render';
import { StaffScreen } from './StaffScreen';

const reply = (data: unknown, statusCode = 200, message = 'OK') =>
  new Response(JSON.stringify({ success: statusCode < 400, message, data, statusCode }), {
    status: statusCode,
    headers: { 'content-type': 'application/json' },
  });

const list: StaffList = {
  people: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Kemar Brown',
      email: 'kemar@example.test',
      role: 'staff',
      is_active: true,
      created_at: '2026-11-01T12:00:00.000Z',
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Tanya Lewis',
      email: 'tanya@example.test',
      role: 'admin',
      is_active: false,
      created_at: '2026-11-01T12:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: '00000000-0000-4000-8000-000000000010',
      email: 'new@example.test',
      role: 'staff',
      status: 'expired',
      invited_by: 'Marcia Reid',
      expires_at: '2026-11-08T12:00:00.000Z',
      last_sent_at: '2026-11-01T12:00:00.000Z',
      created_at: '2026-11-01T12:00:00.000Z',
    },
  ],
};

/** The API as the screen sees it; every call is recorded with its method, path and body. */
function stubApi(answer: (method: string, path: string) => Response | undefined = () => undefined) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const path = new URL(url, 'http://localhost').pathname;
      const text = typeof init?.body === 'string' ? init.body : '';
      calls.push({ method, path, body: text ? JSON.parse(text) : null });
      return answer(method, path) ?? reply(list);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('Staff screen', () => {
  it('lists people with role and status, and pending invitations with their state', async () => {
    stubApi();
    render(<StaffScreen />);
    const people = await screen.findByRole('list', { name: 'Staff members' });
    const kemar = within(people).getByText('Kemar Brown').closest('li') as HTMLElement;
    expect(within(kemar).getByText('Staff (clerk)')).toBeTruthy();
    expect(within(kemar).getByText('Active')).toBeTruthy();
    expect(within(kemar).getByRole('button', { name: 'Deactivate Kemar Brown' })).toBeTruthy();
    const tanya = within(people).getByText('Tanya Lewis').closest('li') as HTMLElement;
    expect(within(tanya).getByText('Deactivated')).toBeTruthy();
    expect(within(tanya).getByRole('button', { name: 'Reactivate Tanya Lewis' })).toBeTruthy();
    const pending = screen.getByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('new@example.test')).toBeTruthy();
    expect(within(pending).getByText('Expired')).toBeTruthy();
  });

  it('invites by e-mail and role from the modal, showing the server’s field error', async () => {
    const calls = stubApi((method, path) =>
      method === 'POST' && path === '/v1/admin/staff/invitations'
        ? new Response(
            JSON.stringify({
              success: false,
              message: 'This person is already on the staff',
              data: null,
              statusCode: 409,
              errors: { email: ['This address is already on the staff'] },
            }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          )
        : undefined,
    );
    const user = userEvent.setup({ delay: null });
    render(<StaffScreen />);
    await user.click(await screen.findByRole('button', { name: 'Invite staff' }));
    const form = await screen.findByRole('form', { name: 'Invite staff' });
    await user.type(within(form).getByLabelText(/^E-mail/), 'kemar@example.test');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('This address is already on the staff')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'kemar@example.test',
      role: 'staff',
    });
  });

  it('deactivates a person only after the confirmation', async () => {
    const calls = stubApi((method) =>
      method === 'PATCH' ? reply({ ...list.people[0], is_active: false }) : undefined,
    );
    const user = userEvent.setup({ delay: null });
    render(<StaffScreen />);
    await user.click(await screen.findByRole('button', { name: 'Deactivate Kemar Brown' }));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate' });
    expect(within(dialog).getByText(/signed out at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        path: '/v1/admin/staff/00000000-0000-4000-8000-000000000001',
        body: { is_active: false },
      }),
    );
  });
});
