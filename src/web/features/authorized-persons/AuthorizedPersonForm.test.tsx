import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuthorizedPerson } from '../../../contract/authorized-persons';
import type { Identification } from '../../../contract/reference';
import { ApiError } from '../../lib/api/api-error';
import { render, screen, waitFor } from '../../test/render';
import { AuthorizedPersonForm, type SaveAuthorizedPerson } from './AuthorizedPersonForm';

const IDS: Identification[] = [
  { id: 1, code: 'drivers_licence', name: "Driver's licence" },
  { id: 2, code: 'passport', name: 'Passport' },
];

const saved = (over: Partial<AuthorizedPerson> = {}): AuthorizedPerson => ({
  id: '3f0c3a52-8f0e-4d64-9a0a-1d3c2b6a7e01',
  full_name: 'Marlon Campbell',
  identification_id: 2,
  identification: { id: 2, code: 'passport', name: 'Passport' },
  id_number: 'A2245817',
  phone: '876-555-0177',
  email: null,
  relationship: 'Brother',
  is_active: true,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

function setup(
  opts: { person?: AuthorizedPerson; save?: SaveAuthorizedPerson; identificationsError?: string } = {},
) {
  const user = userEvent.setup({ delay: null });
  const save = opts.save ?? vi.fn<SaveAuthorizedPerson>(async () => saved());
  const onSaved = vi.fn();
  render(
    <AuthorizedPersonForm
      person={opts.person ?? null}
      identifications={IDS}
      identificationsError={opts.identificationsError ?? null}
      save={save}
      onSaved={onSaved}
      onCancel={() => {}}
    />,
  );
  return { user, save, onSaved };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/^Full name/), '  Marlon Campbell ');
  await user.click(screen.getByRole('combobox', { name: /^ID type/ }));
  await user.click(await screen.findByRole('option', { name: 'Passport' }));
  await user.type(field(/^ID number/), 'A2245817');
  await user.type(field(/^Phone/), '876-555-0177');
  await user.type(field(/^Relationship/), 'Brother');
}

describe('AuthorizedPersonForm', () => {
  it('labels every field and starts active', () => {
    setup();
    for (const label of [/^Full name/, /^ID number/, /^Phone/, /^Email \(optional\)/, /^Relationship/]) {
      expect(field(label)).toBeTruthy();
    }
    expect(screen.getByRole('combobox', { name: /^ID type/ })).toBeTruthy();
    expect(screen.getByRole('switch', { name: /^Active/ })).toHaveProperty('checked', true);
  });

  it('shows a message on every required field and saves nothing', async () => {
    const { user, save } = setup();
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    expect(await screen.findByText('Enter the full name as on the ID')).toBeTruthy();
    expect(screen.getByText('Choose the type of ID')).toBeTruthy();
    expect(screen.getByText('Enter the ID number')).toBeTruthy();
    expect(screen.getByText('Enter a phone number, e.g. 876-555-0123')).toBeTruthy();
    expect(screen.getByText('Say how you know them, e.g. Sister')).toBeTruthy();
    expect(field(/^Full name/).getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses an invalid email and ID number on their fields', async () => {
    const { user, save } = setup();
    await fillValid(user);
    await user.clear(field(/^ID number/));
    await user.type(field(/^ID number/), 'A#123');
    await user.type(field(/^Email/), 'marlon@');
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Use letters, digits, spaces and dashes')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the trimmed body with the ID type as a number and no email as null', async () => {
    const { user, save, onSaved } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('switch', { name: /^Active/ }));
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(vi.mocked(save).mock.calls[0]?.[0]).toEqual({
      full_name: 'Marlon Campbell',
      identification_id: 2,
      id_number: 'A2245817',
      phone: '876-555-0177',
      email: null,
      relationship: 'Brother',
      is_active: false,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  });

  it("puts the server's field errors on their fields", async () => {
    const save = vi.fn<SaveAuthorizedPerson>(async () => {
      throw new ApiError(400, 'Validation failed', {
        'body.email': ['This email is not accepted'],
        identification_id: ['Choose an ID type from the list'],
      });
    });
    const { user } = setup({ save });
    await fillValid(user);
    await user.type(field(/^Email/), 'marlon@example.test');
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    expect(await screen.findByText('This email is not accepted')).toBeTruthy();
    expect(screen.getByText('Choose an ID type from the list')).toBeTruthy();
    await waitFor(() => expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('combobox', { name: /^ID type/ }).getAttribute('aria-invalid')).toBe('true');
    // Every message found its field: no alert above the form. The values stay for another try.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field(/^Full name/).value).toBe('  Marlon Campbell ');
  });

  it('shows a refusal that belongs to no field above the form (e.g. the limit of 10)', async () => {
    const save = vi.fn<SaveAuthorizedPerson>(async () => {
      throw new ApiError(409, 'You can have up to 10 authorized persons; remove one first');
    });
    const { user } = setup({ save });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    expect(
      (await screen.findByRole('alert')).textContent?.includes('You can have up to 10 authorized persons'),
    ).toBe(true);
  });

  it('edits: prefilled with the person, saves with "Save changes"', async () => {
    const person = saved({ email: 'marlon@example.test', is_active: false });
    const { user, save } = setup({ person });
    expect(field(/^Full name/).value).toBe('Marlon Campbell');
    expect(screen.getByRole('combobox', { name: /^ID type/ })).toHaveProperty('value', 'Passport');
    expect(field(/^Email/).value).toBe('marlon@example.test');
    expect(screen.getByRole('switch', { name: /^Active/ })).toHaveProperty('checked', false);
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);
    await user.clear(field(/^Phone/));
    await user.type(field(/^Phone/), '876-555-0100');
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(vi.mocked(save).mock.calls[0]?.[0]).toMatchObject({
      phone: '876-555-0100',
      email: 'marlon@example.test',
      identification_id: 2,
      is_active: false,
    });
  });

  it('says on the ID type field when the types could not be loaded', () => {
    setup({ identificationsError: 'Could not load the ID types: Network error' });
    expect(screen.getByText('Could not load the ID types: Network error')).toBeTruthy();
  });
});
