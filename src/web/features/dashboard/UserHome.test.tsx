import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Company } from '../../../contract/companies';
import type { AccountSummary } from '../../../contract/profile';
import { storageCountdown } from '../../../contract/storage';
import type { User } from '../../../contract/users';
import { shippingAddressFields, shippingAddressLines } from '../../lib/shipping-address';
import { renderWithRouter, screen, within } from '../../test/render';
import { invoicesLine } from './AccountFigures';
import type { SummaryState } from './api';
import { UserHome } from './UserHome';

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

  it('shows the balance due linking to the invoices and the points linking to their history', async () => {
    const data: AccountSummary = {
      balance_due_cents: 1_234_550,
      currency: 'JMD',
      open_invoices: 3,
      overdue_invoices: 1,
      points_balance: 1250,
      unread_notifications: 2,
      storage_ending_soon: [],
    };
    const summary: SummaryState = { data, unavailable: null, retry: () => {} };
    await renderWithRouter(<UserHome user={user} company={company} summary={summary} />);
    const balance = await screen.findByTestId('balance-due');
    expect(balance.getAttribute('href')).toBe('/user/invoices');
    // The dollar is named once, in front: "J$12,345.50", not "J$12,345.50 JMD".
    expect(balance.textContent).toContain('J$12,345.50');
    expect(balance.textContent).not.toContain('JMD');
    expect(balance.textContent).toContain('3 open invoices, 1 overdue');
    const points = screen.getByTestId('points-balance');
    expect(points.getAttribute('href')).toBe('/user/points/history');
    expect(points.textContent).toContain('1,250');
    expect(screen.getByRole('link', { name: /Balance due/ })).toBe(balance);
    expect(screen.getByRole('link', { name: /Points/ })).toBe(points);
  });

  it('says when there is nothing to pay', () => {
    expect(invoicesLine({ open_invoices: 0, overdue_invoices: 0 })).toBe('Nothing to pay');
    expect(invoicesLine({ open_invoices: 1, overdue_invoices: 0 })).toBe('1 open invoice');
  });

  it('shows a skeleton while loading, and a message instead of spinning when offline or failed', async () => {
    const retry = vi.fn();
    const loading: SummaryState = { data: undefined, unavailable: null, retry };
    const first = await renderWithRouter(<UserHome user={user} company={company} summary={loading} />);
    expect(await screen.findByLabelText('Loading your balance')).toBeTruthy();
    first.unmount();

    const view = await renderWithRouter(
      <UserHome user={user} company={company} summary={{ ...loading, unavailable: 'offline' }} />,
    );
    expect(await screen.findByText(/once you're back online/)).toBeTruthy();
    view.unmount();

    await renderWithRouter(
      <UserHome user={user} company={company} summary={{ ...loading, unavailable: 'error' }} />,
    );
    expect(await screen.findByText('Your balance and points are not available right now.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('leaves the figures out when the route gives no summary', async () => {
    await renderWithRouter(<UserHome user={user} company={company} />);
    await screen.findByTestId('warehouse-address');
    expect(screen.queryByTestId('balance-due')).toBeNull();
    expect(screen.queryByLabelText('Loading your balance')).toBeNull();
  });

  it('lists the parcels whose free storage ends soon, each linking to its page, counted again as of now', async () => {
    const waiting = (daysAgo: number) => {
      const c = storageCountdown({
        readySince: new Date(Date.now() - daysAgo * 86_400_000),
        now: new Date(),
        rule: { free_days: 5, per_day_cents: 15_000 },
        currency: 'JMD',
        timeZone: 'America/Jamaica',
      });
      if (!c) throw new Error('no countdown');
      return c;
    };
    const item = (id: string, daysAgo: number) => ({
      package_id: `00000000-0000-4000-8000-00000000000${id}`,
      tracking_number: `1Z${id}`,
      description: `Parcel ${id}`,
      storage: waiting(daysAgo),
    });
    const data: AccountSummary = {
      balance_due_cents: 0,
      currency: 'JMD',
      open_invoices: 0,
      overdue_invoices: 0,
      points_balance: 0,
      unread_notifications: 0,
      // The third was saved while free: by now its fee runs, so it is no longer "ends soon".
      storage_ending_soon: [
        item('1', 5),
        item('2', 4),
        {
          ...item('3', 7),
          storage: { ...waiting(4), ready_since: new Date(Date.now() - 7 * 86_400_000).toISOString() },
        },
      ],
    };
    await renderWithRouter(
      <UserHome user={user} company={company} summary={{ data, unavailable: null, retry: () => {} }} />,
    );
    const list = await screen.findByRole('list', { name: 'Free storage ends soon' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Last free day today');
    expect(rows[1]?.textContent).toMatch(/Free until \w{3} \d{1,2} \(1 day left\)/);
    expect(rows[1]?.textContent).toContain('Then J$150.00 a day');
    expect(within(list).getByRole('link', { name: '1Z2' }).getAttribute('href')).toBe(
      '/user/packages/00000000-0000-4000-8000-000000000002',
    );
  });
});
