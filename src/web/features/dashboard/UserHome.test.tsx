import { describe, expect, it } from 'vitest';
import type { Company } from '../../../contract/companies';
import type { User } from '../../../contract/users';
import { renderWithRouter, screen, within } from '../../test/render';
import { shippingAddressFields, shippingAddressLines, UserHome } from './UserHome';

const user = {
  id: 'u1',
  first_name: 'Ann',
  last_name: 'Lee',
  name: 'Ann Lee',
  mailbox_number: 'IEX-10234',
} as User;

const company = {
  name: 'Island Express',
  warehouse_address: {
    line1: '8400 NW 25th Street',
    line2: 'Suite 110',
    city: 'Doral',
    state: 'FL',
    postal_code: '33122',
    country: 'United States',
    phone: '305-555-0142',
  },
} as Company;

describe('UserHome', () => {
  it('writes the mailbox number right after address line 1', () => {
    expect(shippingAddressLines(user, company)).toEqual([
      'Ann Lee',
      '8400 NW 25th Street IEX-10234',
      'Suite 110',
      'Doral, FL 33122',
      'United States',
      '305-555-0142',
    ]);
    expect(shippingAddressFields(user, company).map((f) => f.label)).toEqual([
      'Full name',
      'Address line 1',
      'Address line 2',
      'City',
      'State',
      'ZIP code',
      'Country',
      'Phone',
    ]);
  });

  it('leaves out empty lines', () => {
    const noLine2 = { ...company, warehouse_address: { ...company.warehouse_address, line2: '', phone: '' } };
    expect(shippingAddressLines(user, noLine2)).not.toContain('');
    expect(shippingAddressFields(user, noLine2).map((f) => f.label)).not.toContain('Address line 2');
  });

  it('shows the address with copy buttons and the pre-alert call to action', async () => {
    await renderWithRouter(<UserHome user={user} company={company} />);
    const address = await screen.findByTestId('warehouse-address');
    expect(within(address).getByText('8400 NW 25th Street IEX-10234')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy address line 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy mailbox number' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pre-alert a package' }).getAttribute('href')).toBe(
      '/user/packages/pre-alert',
    );
  });
});
