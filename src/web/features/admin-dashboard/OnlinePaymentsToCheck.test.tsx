import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '../../../contract/endpoint';
import type { PaymentAttempt } from '../../../contract/payments';
import { paymentCalls } from '../../../contract/payments.calls';
import { api } from '../../lib/api';
import { act, renderWithRouter, screen } from '../../test/render';
import { OnlinePaymentsToCheck } from './OnlinePaymentsToCheck';

const flagged: PaymentAttempt = {
  id: '00000000-0000-4000-8000-000000000077',
  status: 'flagged',
  amount_cents: 1_234_500,
  currency: 'JMD',
  invoices: [{ id: '00000000-0000-4000-8000-000000000001', number: 'INV-2026-000101' }],
  provider: 'wipay',
  provider_reference: null,
  reason: 'WiPay never sent the customer back: check it in WiPay’s dashboard',
  surplus_cents: 0,
  customer: { id: '00000000-0000-4000-8000-000000000099', name: 'Ann Lee', mailbox_number: 'IEX-10001' },
  created_at: '2026-11-27T10:00:00.000Z',
  completed_at: null,
};

function serve(items: PaymentAttempt[]) {
  return vi.spyOn(api, 'call').mockImplementation((async (endpoint: Endpoint) => {
    if (endpoint === paymentCalls.attempts) return { items, page: 1, pageSize: 5, total: items.length };
    throw new Error('unexpected call');
  }) as never);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('"Online payments to check" on Today', () => {
  it('lists each flagged payment with its customer, amount, why, and a link to its invoice', async () => {
    const spy = serve([flagged]);
    await renderWithRouter(<OnlinePaymentsToCheck />);
    expect(await screen.findByRole('heading', { name: 'Online payments to check' })).toBeTruthy();
    expect(spy.mock.calls[0]?.[1]).toEqual({ query: { status: 'flagged', page: 1, pageSize: 5 } });
    expect(screen.getByText('Ann Lee (IEX-10001)')).toBeTruthy();
    expect(screen.getByText('J$12,345.00')).toBeTruthy();
    expect(screen.getByText(/never sent the customer back/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'INV-2026-000101' }).getAttribute('href')).toBe(
      '/admin/invoice/preview/00000000-0000-4000-8000-000000000001',
    );
  });

  it('shows nothing while no payment needs a look', async () => {
    serve([]);
    await renderWithRouter(<OnlinePaymentsToCheck />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('heading', { name: 'Online payments to check' })).toBeNull();
  });
});
