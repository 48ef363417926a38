import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentAttempt, PaymentOptions } from '../../../contract/payments';
import { act, render, renderWithRouter, screen } from '../../test/render';
import { PayButton } from './components/PayButton';
import { PaymentOutcome } from './PaymentReturn';
import { PayAll, PayInvoice } from './PayNow';

const envelope = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: true, message: 'OK', data, statusCode: status }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const invoice = (
  n: number,
  over: Partial<{ status: 'issued' | 'paid'; balance_cents: number; currency: string }> = {},
) => ({
  id: id(n),
  status: 'issued' as const,
  balance_cents: 1_234_500,
  currency: 'JMD',
  ...over,
});

const attempt = (over: Partial<PaymentAttempt> = {}): PaymentAttempt => ({
  id: id(77),
  status: 'pending',
  amount_cents: 1_234_500,
  currency: 'JMD',
  invoices: [{ id: id(1), number: 'INV-2026-000101' }],
  provider: 'test',
  provider_reference: null,
  reason: null,
  surplus_cents: 0,
  customer: { id: id(99), name: 'Ann Lee', mailbox_number: 'IEX-10001' },
  created_at: '2026-11-27T10:00:00.000Z',
  completed_at: null,
  ...over,
});

/** The API as the buttons see it: the company's options, and a checkout that answers the provider's page. */
function stubApi(provider: PaymentOptions['provider']) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/v1/payments/options'))
      return envelope({ provider, label: 'Pay by card', currency: 'JMD' });
    if (url.includes('/v1/payments/checkout'))
      return envelope({ attempt: attempt(), redirect_url: 'http://localhost/pay/test/abc' }, 201);
    return envelope(null, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const checkouts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes('/v1/payments/checkout'));

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('the Pay button of an unpaid invoice', () => {
  it('says the balance ("Pay J$12,345.00 now"), starts one checkout however often it is clicked, and goes to the provider', async () => {
    const fetch = stubApi('test');
    const navigate = vi.fn();
    render(<PayInvoice invoice={invoice(1)} navigate={navigate} />);
    const button = await screen.findByRole('button', { name: 'Pay J$12,345.00 now' });
    await userEvent.dblClick(button);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('http://localhost/pay/test/abc'));
    expect(checkouts(fetch)).toHaveLength(1);
    const [, init] = checkouts(fetch)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ invoice_ids: [id(1)] });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('is not there while the company takes no payments online, nor on a paid invoice', async () => {
    const fetch = stubApi('none');
    const { unmount } = render(<PayInvoice invoice={invoice(1)} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('button')).toBeNull();
    unmount();

    stubApi('test');
    render(<PayInvoice invoice={invoice(2, { status: 'paid', balance_cents: 0 })} />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offline, stays disabled and says why (no spinner); back online, it can be clicked', async () => {
    stubApi('test');
    render(<PayInvoice invoice={invoice(1)} />);
    const button = await screen.findByRole('button', { name: 'Pay J$12,345.00 now' });
    act(() => onlineManager.setOnline(false));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('data-loading')).toBeNull();
    expect(screen.getByText("Paying needs a connection: you're offline")).toBeTruthy();
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe("Paying needs a connection: you're offline");
    act(() => onlineManager.setOnline(true));
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/Paying needs a connection/)).toBeNull();
  });

  it('says the server cannot be reached when that is why', () => {
    render(
      <PayButton
        label="Pay J$1.00 now"
        blocked="unreachable"
        starting={false}
        error={null}
        onPay={() => {}}
      />,
    );
    expect((screen.getByRole('button', { name: 'Pay J$1.00 now' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Paying needs a connection: can't reach the server right now")).toBeTruthy();
  });
});

describe('"Pay all" on the invoice list', () => {
  it('pays every unpaid invoice of one currency together, and is not offered for one, or for mixed currencies', async () => {
    const fetch = stubApi('test');
    const navigate = vi.fn();
    const { unmount } = render(
      <PayAll
        invoices={[invoice(1), invoice(2, { balance_cents: 500_000 }), invoice(3, { status: 'paid' })]}
        navigate={navigate}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Pay all (2 invoices)' }));
    expect(screen.getByTestId('pay-all-total').textContent).toBe('J$17,345.00 in all');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(JSON.parse(String(checkouts(fetch)[0]?.[1]?.body))).toEqual({ invoice_ids: [id(1), id(2)] });
    unmount();

    for (const invoices of [[invoice(1)], [invoice(1), invoice(2, { currency: 'USD' })]]) {
      const view = render(<PayAll invoices={invoices} />);
      await act(() => new Promise((r) => setTimeout(r, 20)));
      expect(screen.queryByRole('button')).toBeNull();
      view.unmount();
    }
  });
});

describe('the page the provider sends the customer back to', () => {
  it('says what was paid on which invoice, or why it was declined with a way to try again', async () => {
    stubApi('test');
    await renderWithRouter(
      <PaymentOutcome attempt={attempt({ status: 'paid', provider_reference: 'T-123' })} polling={false} />,
    );
    // The amount is its own (left-to-right) element inside the sentence.
    expect(screen.getByTestId('payment-paid').textContent).toBe(
      'Paid: J$12,345.00 on invoice INV-2026-000101',
    );
    expect(screen.getByText(/receipt is on its way to your e-mail/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View invoice INV-2026-000101' }).getAttribute('href')).toBe(
      `/user/invoices/${id(1)}`,
    );
  });

  it('declined: the reason and "Try again"; pending after the checks: it will be confirmed shortly', async () => {
    stubApi('test');
    const { unmount } = await renderWithRouter(
      <PaymentOutcome
        attempt={attempt({ status: 'declined', reason: 'Card declined by the issuer' })}
        polling={false}
      />,
    );
    expect(screen.getByText('Card declined by the issuer')).toBeTruthy();
    expect(((await screen.findByRole('button', { name: 'Try again' })) as HTMLButtonElement).disabled).toBe(
      false,
    );
    unmount();

    await renderWithRouter(<PaymentOutcome attempt={attempt()} polling />);
    expect(screen.getByRole('heading', { name: 'Checking your payment…' })).toBeTruthy();
  });
});
