import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../contract/profile';
import { shippingAddressLines } from '../../lib/shipping-address';
import { render, screen, within } from '../../test/render';
import { MailboxCard } from './MailboxCard';

const profile = {
  user: { name: 'Ann Lee' },
  mailbox_number: 'IEX-10234',
  warehouse_address: {
    line1: '8400 NW 25th Street',
    line2: '',
    city: 'Doral',
    state: 'FL',
    postal_code: '33122',
    country: 'United States',
    phone: '305-555-0142',
  },
} as Profile;

describe('MailboxCard', () => {
  it('writes the address as the dashboard does: the mailbox right after line 1, no empty lines', () => {
    expect(
      shippingAddressLines({ name: profile.user.name, mailbox_number: profile.mailbox_number }, profile),
    ).toEqual([
      'Ann Lee',
      '8400 NW 25th Street IEX-10234',
      'Doral, FL 33122',
      'United States',
      '305-555-0142',
    ]);
  });

  it('shows the mailbox number and the address, read-only, each with a copy button', () => {
    render(<MailboxCard profile={profile} />);
    expect(screen.getByTestId('profile-mailbox-number').textContent).toBe('IEX-10234');
    const address = screen.getByTestId('profile-address');
    expect(within(address).getByText('8400 NW 25th Street IEX-10234')).toBeTruthy();
    expect(within(address).queryByText('Address line 2')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy mailbox number' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy address line 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('names a copy button in a hint while the pointer is on it, and mounts no hint otherwise', async () => {
    render(<MailboxCard profile={profile} />);
    expect(screen.queryByRole('tooltip')).toBeNull();
    const button = screen.getByRole('button', { name: 'Copy mailbox number' });
    await userEvent.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Copy mailbox number');
    await userEvent.unhover(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
