import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreatePlatformCompanyBody, PlatformCompany } from '../../../../contract/platform';
import { ApiError } from '../../../lib/api/api-error';
import { decideAccess } from '../../../lib/session/guards';
import { anonymous } from '../../../lib/session/session';
import { render, screen, waitFor } from '../../../test/render';
import { CompanyForm } from './CompanyForm';

type Send = (body: CreatePlatformCompanyBody) => Promise<PlatformCompany>;

function setup(send: Send) {
  const user = userEvent.setup({ delay: null });
  const onSent = vi.fn();
  render(<CompanyForm send={send} onSent={onSent} />);
  return { user, onSent };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

/** Pastes each value (typing twelve fields key by key is slow in jsdom and says nothing more). */
async function fill(user: ReturnType<typeof userEvent.setup>) {
  const values: [RegExp, string][] = [
    [/^Company name/, 'Coral Courier'],
    [/^Short name/, 'Coral'],
    [/^Host names/, 'coral.localhost\nship.coral.test'],
    [/^Mailbox prefix/, 'CRL'],
    [/^Support e-mail/, 'help@coral.test'],
    [/^Support phone/, '876-555-0300'],
    [/^Address line 1/, '2100 NW 42nd Avenue'],
    [/^City/, 'Miami'],
    [/^State/, 'FL'],
    [/^ZIP code/, '33142'],
  ];
  for (const [label, value] of values) {
    await user.click(field(label));
    await user.paste(value);
  }
}

describe('the new company form', () => {
  it('sends every host typed, one per line, and the warehouse address as the server takes it', async () => {
    const send = vi.fn<Send>(async () => ({ id: 'c1' }) as PlatformCompany);
    const { user, onSent } = setup(send);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(send.mock.calls[0]?.[0]).toMatchObject({
      name: 'Coral Courier',
      short_name: 'Coral',
      hosts: ['coral.localhost', 'ship.coral.test'],
      mailbox_prefix: 'CRL',
      currency: 'JMD',
      time_zone: 'America/Jamaica',
      warehouse_address: { line1: '2100 NW 42nd Avenue', city: 'Miami', country: 'United States' },
    });
  });

  it('shows the server’s refusal of a used host on the Host names field', async () => {
    const send = vi.fn<Send>(async () => {
      throw new ApiError(400, 'Validation failed', {
        hosts: ['blue.localhost is already used by another company'],
      });
    });
    const { user, onSent } = setup(send);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('blue.localhost is already used by another company')).toBeTruthy();
    expect(field(/^Host names/).getAttribute('aria-invalid')).toBe('true');
    expect(onSent).not.toHaveBeenCalled();
  });

  it('asks for the required fields before sending anything', async () => {
    const send = vi.fn<Send>();
    const { user } = setup(send);
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(await screen.findByText('Enter at least one host name')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('the platform console’s guard', () => {
  const signedIn = { ...anonymous, authenticated: true, verified: true, role: 'admin' as const, userId: 'u' };
  it('lets the platform’s operator in and sends a company admin to not-authorized', () => {
    expect(decideAccess({ ...signedIn, platform: true }, '/platform')).toBeNull();
    expect(decideAccess({ ...signedIn, platform: true }, '/platform/companies/new')).toBeNull();
    expect(decideAccess(signedIn, '/platform')).toEqual({ to: '/error/not-authorized' });
    expect(decideAccess(signedIn, '/platform/companies/x')).toEqual({ to: '/error/not-authorized' });
  });
});
