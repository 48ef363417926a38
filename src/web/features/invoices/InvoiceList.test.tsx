import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceSummary } from '../../../contract/invoices';
import { renderWithRouter, screen, within } from '../../test/render';
import { InvoiceList } from './InvoiceList';
import { parseInvoiceSearch } from './invoice-search';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, message: 'OK', data, statusCode: 200 }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const invoice = (i: number, over: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  number: `INV-2026-${String(100 + i).padStart(6, '0')}`,
  status: 'issued',
  currency: 'JMD',
  subtotal_cents: 1_250_000,
  service_cents: 1_000_000,
  customs_cents: 250_000,
  discount_cents: 0,
  tax_cents: 0,
  total_cents: 1_250_000,
  amount_paid_cents: 0,
  balance_cents: 1_250_000,
  revision: 0,
  issue_date: '2026-11-20',
  issued_at: '2026-11-20T15:00:00.000Z',
  due_at: '2026-12-04',
  paid_at: null,
  sent_at: null,
  send_error: null,
  cancelled_at: null,
  cancel_reason: null,
  created_at: '2026-11-20T14:00:00.000Z',
  updated_at: '2026-11-20T15:00:00.000Z',
  customer: {
    id: '00000000-0000-4000-8000-000000000999',
    name: 'Ann Lee',
    mailbox_number: 'IEX-10001',
    email: 'ann@example.test',
  },
  tracking_numbers: ['1Z999'],
  pdf_url: '/v1/invoices/x/pdf',
  ...over,
});

function stubApi(items: InvoiceSummary[], total = items.length) {
  const fetch = vi.fn(async (_input: RequestInfo | URL) => envelope({ items, page: 1, pageSize: 20, total }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the customer invoice list', () => {
  it('says "No invoices yet" and when one will come, for a customer who has none', async () => {
    stubApi([]);
    await renderWithRouter(
      <InvoiceList search={parseInvoiceSearch({})} onChange={vi.fn()} onClear={vi.fn()} />,
    );
    expect(await screen.findByText('No invoices yet')).toBeTruthy();
    expect(screen.getByText(/once your package clears customs/)).toBeTruthy();
  });

  it('says "No invoices match" and clears the filters when a filter leaves nothing', async () => {
    stubApi([]);
    const onClear = vi.fn();
    await renderWithRouter(
      <InvoiceList search={parseInvoiceSearch({ status: 'paid' })} onChange={vi.fn()} onClear={onClear} />,
    );
    expect(await screen.findByText('No invoices match')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1) as HTMLElement);
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('lists each invoice with its number linking to it, its status and total, and pages through the server', async () => {
    const fetch = stubApi([invoice(1), invoice(2, { status: 'paid', balance_cents: 0 })], 45);
    const onChange = vi.fn();
    await renderWithRouter(
      <InvoiceList search={parseInvoiceSearch({ status: 'issued' })} onChange={onChange} onClear={vi.fn()} />,
    );
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const link = within(table).getByRole('link', { name: 'INV-2026-000101' });
    expect(link.getAttribute('href')).toBe(`/user/invoices/${invoice(1).id}`);
    expect(within(table).getAllByText(/12,500\.00/).length).toBeGreaterThan(0);
    expect(within(table).getByText('Paid')).toBeTruthy();
    expect(screen.getByText('45 invoices · page 1 of 3')).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toContain('status=issued');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onChange).toHaveBeenCalledWith({ page: 2 });
  });

  it('never offers drafts, and drops a status or page the URL made up', () => {
    expect(parseInvoiceSearch({ status: 'draft', page: '-4' })).toEqual({
      q: undefined,
      status: undefined,
      page: 1,
    });
  });
});
