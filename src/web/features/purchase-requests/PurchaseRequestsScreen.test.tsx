import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '../../../contract/endpoint';
import type { Paginated } from '../../../contract/envelope';
import type { PurchaseRequest, PurchaseRequestStatus } from '../../../contract/purchase-requests';
import { purchaseRequestCalls } from '../../../contract/purchase-requests.calls';
import { api } from '../../lib/api';
import { render, screen, waitFor, within } from '../../test/render';
import { PurchaseRequestsScreen } from './PurchaseRequestsScreen';

const request = (
  n: number,
  status: PurchaseRequestStatus,
  over: Partial<PurchaseRequest> = {},
): PurchaseRequest => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  product_url: `https://www.example.com/item/${n}`,
  store: 'Example',
  item_name: `Item ${n}`,
  quantity: 1,
  options: '',
  estimated_price_cents: 4999,
  estimated_currency: 'USD',
  notes: '',
  status,
  quoted_total_cents: null,
  quote_currency: 'JMD',
  quote_note: '',
  quoted_at: null,
  quote_expires_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  customer: {
    id: '00000000-0000-4000-8000-0000000000aa',
    name: 'Kerry-Ann Brown',
    mailbox_number: 'IEX-10001',
  },
  ...over,
});

const page = (items: PurchaseRequest[]): Paginated<PurchaseRequest> => ({
  items,
  page: 1,
  pageSize: 10,
  total: items.length,
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Answers the list; any other call (a delete) answers null. */
function serve(items: PurchaseRequest[]) {
  return vi
    .spyOn(api, 'call')
    .mockImplementation((async (endpoint: Endpoint) =>
      endpoint === purchaseRequestCalls.list ? page(items) : null) as never);
}

const deleted = (call: ReturnType<typeof serve>) =>
  call.mock.calls.filter(([endpoint]) => endpoint === purchaseRequestCalls.remove);

const card = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('li') as HTMLElement;

describe('PurchaseRequestsScreen', () => {
  it('offers delete only while a request is waiting for a quote, and says why otherwise', async () => {
    const statuses: PurchaseRequestStatus[] = [
      'requested',
      'quoted',
      'awaiting_payment',
      'paid',
      'purchased',
      'cancelled',
      'quote_expired',
    ];
    serve(statuses.map((s, i) => request(i + 1, s)));
    render(<PurchaseRequestsScreen />);
    await screen.findByRole('list', { name: 'Purchase requests' });

    const requested = card('Item 1');
    expect(within(requested).getByText('Requested')).toBeTruthy();
    expect(within(requested).getByRole('button', { name: 'Delete request for Item 1' })).toBeTruthy();

    for (const [i, label] of [
      [2, 'Quoted'],
      [3, 'Awaiting payment'],
      [4, 'Paid'],
      [5, 'Purchased'],
      [6, 'Cancelled'],
      [7, 'Quote expired'],
    ] as const) {
      const c = card(`Item ${i}`);
      expect(within(c).getByText(label)).toBeTruthy();
      expect(within(c).queryByRole('button', { name: /Delete/ })).toBeNull();
      expect(within(c).getByText('Only requests waiting for a quote can be deleted.')).toBeTruthy();
    }
    expect(screen.getAllByRole('button', { name: /^Delete request/ })).toHaveLength(1);
  });

  it('opens the product in a new tab without handing it the page, and shows the quote', async () => {
    serve([
      request(1, 'quoted', {
        quoted_total_cents: 2_745_000,
        quote_note: 'Includes the item, US sales tax, freight and customs.',
        quoted_at: '2026-11-02T10:00:00.000Z',
        quote_expires_at: '2026-11-09T10:00:00.000Z',
      }),
    ]);
    render(<PurchaseRequestsScreen />);
    const link = await screen.findByRole('link', { name: /example\.com\/item\/1/ });
    expect(link.getAttribute('href')).toBe('https://www.example.com/item/1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('(opens in a new tab)');
    const c = card('Item 1');
    expect(within(c).getByText('Quote: J$27,450.00')).toBeTruthy();
    expect(within(c).getByText('Valid until Nov 9, 2026')).toBeTruthy();
    expect(within(c).getByText(/est\. US\$49\.99/)).toBeTruthy();
  });

  it('deletes a requested one after a confirmation', async () => {
    const call = serve([request(1, 'requested')]);
    const user = userEvent.setup({ delay: null });
    render(<PurchaseRequestsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Delete request for Item 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this purchase request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(deleted(call)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete request for Item 1' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this purchase request?' })).getByRole(
        'button',
        {
          name: 'Delete',
        },
      ),
    );
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(purchaseRequestCalls.remove, {
        params: { id: '00000000-0000-4000-8000-000000000001' },
      }),
    );
  });

  it('says when there are none yet', async () => {
    serve([]);
    render(<PurchaseRequestsScreen />);
    expect(await screen.findByText('No purchase requests yet')).toBeTruthy();
  });
});
