import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '../../../contract/endpoint';
import { formatDate } from '../../../contract/format';
import type { InvoiceDetail, Payment } from '../../../contract/invoices';
import { invoiceCalls } from '../../../contract/invoices.calls';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api/api-error';
import { render, screen, waitFor, within } from '../../test/render';
import { today } from './api';
import { PaymentDrawer } from './PaymentDrawer';

const ID = '00000000-0000-4000-8000-000000000001';

const payment = (over: Partial<Payment> = {}): Payment => ({
  id: '00000000-0000-4000-8000-000000000101',
  amount_cents: 2_500,
  paid_on: '2026-11-20',
  method: 'cash',
  reference: 'RCPT-9',
  note: '',
  points: 0,
  recorded_by: 'Marcia Reid',
  created_at: '2026-11-20T10:00:00.000Z',
  reversed_at: null,
  reverse_reason: null,
  ...over,
});

const invoice = (over: Partial<InvoiceDetail> = {}): InvoiceDetail => ({
  id: ID,
  number: 'INV-2026-000042',
  status: 'issued',
  currency: 'JMD',
  subtotal_cents: 10_000,
  service_cents: 10_000,
  customs_cents: 0,
  discount_cents: 0,
  tax_cents: 0,
  total_cents: 10_000,
  amount_paid_cents: 0,
  balance_cents: 10_000,
  revision: 0,
  issue_date: '2026-11-20',
  issued_at: '2026-11-20T10:00:00.000Z',
  due_at: '2026-12-04',
  paid_at: null,
  sent_at: null,
  send_error: null,
  cancelled_at: null,
  cancel_reason: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  customer: {
    id: '00000000-0000-4000-8000-0000000000aa',
    name: 'Shanice Morgan',
    mailbox_number: 'IEX-10006',
    email: 'shanice@example.test',
  },
  tracking_numbers: [],
  pdf_url: `/v1/invoices/${ID}/pdf`,
  notes: '',
  terms: '',
  discount: null,
  tax_rate: '0',
  lines: [],
  packages: [],
  payments: [],
  ...over,
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Answers the invoice, and what a payment or reversal would return (or throws what is given). */
function serve(
  current: InvoiceDetail,
  answers: Partial<Record<'pay' | 'reverse', InvoiceDetail | Error>> = {},
) {
  return vi.spyOn(api, 'call').mockImplementation((async (endpoint: Endpoint) => {
    if (endpoint === invoiceCalls.one) return current;
    const answer = endpoint === invoiceCalls.pay ? answers.pay : answers.reverse;
    if (answer instanceof Error) throw answer;
    return answer ?? current;
  }) as never);
}

const callsTo = (spy: ReturnType<typeof serve>, endpoint: Endpoint) =>
  spy.mock.calls.filter(([e]) => e === endpoint).map(([, options]) => options);

async function open(onRecorded = vi.fn()) {
  const user = userEvent.setup({ delay: null });
  render(<PaymentDrawer invoiceId={ID} opened onClose={() => {}} onRecorded={onRecorded} />);
  await screen.findByRole('form', { name: 'Record a payment' });
  return { user, onRecorded };
}

const amount = () => screen.getByRole('textbox', { name: /^Amount \(J\$\)/ }) as HTMLInputElement;

async function chooseMethod(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('combobox', { name: /^Method/ }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('PaymentDrawer', () => {
  it('shows the balance, prefills it as money, and records part of it in cents', async () => {
    const after = invoice({ status: 'partially_paid', amount_paid_cents: 4_050, balance_cents: 5_950 });
    const spy = serve(invoice(), { pay: after });
    const { user, onRecorded } = await open();
    expect(screen.getByText('INV-2026-000042')).toBeTruthy();
    expect(screen.getByTestId('payment-balance').textContent).toBe('J$100.00');
    expect(amount().value).toBe('100.00');
    // The day written the house way, "Nov 26, 2026", never the browser's "11/26/2026".
    expect((screen.getByLabelText(/^Paid on/) as HTMLInputElement).value).toBe(formatDate(today()));

    await user.clear(amount());
    await user.type(amount(), '40.50');
    await chooseMethod(user, 'Bank transfer');
    await user.type(screen.getByRole('textbox', { name: /^Reference/ }), ' TRF-1 ');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledWith(after));
    expect(callsTo(spy, invoiceCalls.pay)).toEqual([
      {
        params: { id: ID },
        body: {
          amount_cents: 4_050,
          paid_on: today(),
          method: 'bank_transfer',
          reference: 'TRF-1',
          note: '',
        },
      },
    ]);
  });

  it('checks the amount and the method before sending, and puts the server’s refusal on the amount', async () => {
    const refusal = new ApiError(400, 'Validation failed', {
      'body.amount_cents': ['At most the balance, J$100.00'],
    });
    const spy = serve(invoice(), { pay: refusal });
    const { user, onRecorded } = await open();
    await user.clear(amount());
    await user.type(amount(), '100.001');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Enter an amount like 1500.00')).toBeTruthy();
    expect(screen.getByText('Choose how it was paid')).toBeTruthy();
    expect(callsTo(spy, invoiceCalls.pay)).toHaveLength(0);

    await user.clear(amount());
    await user.type(amount(), '99');
    await chooseMethod(user, 'Cash');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(callsTo(spy, invoiceCalls.pay)).toHaveLength(1));
    expect(await screen.findByText('At most the balance, J$100.00')).toBeTruthy();
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it('reverses a payment with a reason, and lists a reversed one struck with why', async () => {
    const paid = payment();
    const reversed = payment({
      id: '00000000-0000-4000-8000-000000000002',
      reversed_at: '2026-11-21T10:00:00.000Z',
      reverse_reason: 'Cheque bounced',
    });
    const current = invoice({
      status: 'partially_paid',
      amount_paid_cents: 2_500,
      balance_cents: 7_500,
      payments: [paid, reversed],
    });
    const spy = serve(current, {
      reverse: invoice({ payments: [{ ...paid, reversed_at: 'x', reverse_reason: 'Typo' }, reversed] }),
    });
    const { user, onRecorded } = await open();
    const rows = screen.getAllByTestId('payment-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByText('Reversed: Cheque bounced')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Reverse/ })).toBeNull();

    await user.click(
      within(rows[0] as HTMLElement).getByRole('button', { name: /^Reverse the payment of J\$25\.00/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Reverse payment' }));
    expect(await screen.findByText('Say why it is reversed')).toBeTruthy();
    expect(callsTo(spy, invoiceCalls.reversePayment)).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /^Why is it reversed/ }), 'Typo');
    await user.click(screen.getByRole('button', { name: 'Reverse payment' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledTimes(1));
    expect(callsTo(spy, invoiceCalls.reversePayment)).toEqual([
      { params: { id: ID, paymentId: paid.id }, body: { reason: 'Typo' } },
    ]);
  });

  it('lists an online payment with its provider reference; reversing it says the provider refunds it where it can', async () => {
    const online = payment({ method: 'online', reference: 'TEST-ABC123', recorded_by: null });
    serve(
      invoice({
        status: 'partially_paid',
        amount_paid_cents: 2_500,
        balance_cents: 7_500,
        payments: [online],
      }),
    );
    const { user } = await open();
    const row = screen.getByTestId('payment-row');
    expect(within(row).getByText(/J\$25\.00 · Online/)).toBeTruthy();
    expect(within(row).getByText(/TEST-ABC123 \(provider reference\)/)).toBeTruthy();
    expect(screen.queryByTestId('online-reversal-note')).toBeNull();
    await user.click(within(row).getByRole('button', { name: /^Reverse the payment of J\$25\.00/ }));
    expect(screen.getByTestId('online-reversal-note').textContent).toMatch(
      /refunds the card through the payment provider where it can/,
    );
    expect(screen.getByRole('textbox', { name: /^Why is it reversed/ })).toBeTruthy();
  });

  it('takes no payment on a draft or a paid invoice', async () => {
    serve(invoice({ status: 'paid', amount_paid_cents: 10_000, balance_cents: 0 }));
    render(<PaymentDrawer invoiceId={ID} opened onClose={() => {}} />);
    expect(await screen.findByText('Nothing is left to pay.')).toBeTruthy();
    expect(screen.getByTestId('payment-balance').textContent).toBe('Paid');
    expect(screen.queryByRole('form', { name: 'Record a payment' })).toBeNull();
  });
});
