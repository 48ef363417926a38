import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthorizedPerson } from '../../../contract/authorized-persons';
import { authorizedPersonCalls } from '../../../contract/authorized-persons.calls';
import type { Endpoint } from '../../../contract/endpoint';
import { referenceCalls } from '../../../contract/reference.calls';
import { api } from '../../lib/api';
import { render, screen, waitFor, within } from '../../test/render';
import { AuthorizedPersonsScreen } from './AuthorizedPersonsScreen';

const person = (n: number, over: Partial<AuthorizedPerson> = {}): AuthorizedPerson => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  full_name: `Person ${n}`,
  identification_id: 2,
  identification: { id: 2, code: 'passport', name: 'Passport' },
  id_number: `A00${n}`,
  phone: '876-555-0177',
  email: null,
  relationship: 'Brother',
  is_active: true,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Answers the list and the ID types; any other call (a delete) answers null. */
function serve(people: AuthorizedPerson[]) {
  return vi.spyOn(api, 'call').mockImplementation((async (endpoint: Endpoint) => {
    if (endpoint === referenceCalls.identifications) {
      return [
        { id: 1, code: 'drivers_licence', name: "Driver's licence" },
        { id: 2, code: 'passport', name: 'Passport' },
      ];
    }
    return endpoint === authorizedPersonCalls.list ? people : null;
  }) as never);
}

const card = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('li') as HTMLElement;

describe('AuthorizedPersonsScreen', () => {
  it('lists each person with their ID and an Active or Inactive badge', async () => {
    serve([person(1, { email: 'one@example.test' }), person(2, { is_active: false })]);
    render(<AuthorizedPersonsScreen />);
    await screen.findByRole('list', { name: 'Authorized persons' });
    const one = card('Person 1');
    expect(within(one).getByText('Active')).toBeTruthy();
    expect(within(one).getByText('Passport')).toBeTruthy();
    expect(within(one).getByText('A001')).toBeTruthy();
    expect(within(one).getByText('one@example.test')).toBeTruthy();
    expect(within(card('Person 2')).getByText('Inactive')).toBeTruthy();
    expect(screen.getByText(/2 of 10 · 1 active/)).toBeTruthy();
  });

  it('says when there is nobody yet', async () => {
    serve([]);
    render(<AuthorizedPersonsScreen />);
    expect(await screen.findByText('No authorized persons yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add authorized person' })).toHaveProperty('disabled', false);
  });

  it('opens the edit form prefilled, and deletes after a confirmation', async () => {
    const call = serve([person(1)]);
    const user = userEvent.setup({ delay: null });
    render(<AuthorizedPersonsScreen />);

    await user.click(await screen.findByRole('button', { name: 'Edit Person 1' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Person 1' });
    expect((within(edit).getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Person 1');
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Delete Person 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this authorized person?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(authorizedPersonCalls.remove, {
        params: { id: '00000000-0000-4000-8000-000000000001' },
      }),
    );
  });

  it('stops adding at the limit of 10, and says why', async () => {
    serve(Array.from({ length: 10 }, (_, i) => person(i)));
    render(<AuthorizedPersonsScreen />);
    await screen.findByRole('list', { name: 'Authorized persons' });
    expect(screen.getByRole('button', { name: 'Add authorized person' })).toHaveProperty('disabled', true);
    expect(screen.getByText(/the most allowed/)).toBeTruthy();
  });
});
