import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '../../../contract/endpoint';
import type { InvoiceMailDraft } from '../../../contract/invoices';
import { invoiceCalls } from '../../../contract/invoices.calls';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api/api-error';
import { render, screen, waitFor } from '../../test/render';
import { SendDrawer } from './SendDrawer';

const ID = '00000000-0000-4000-8000-000000000001';
const draft: InvoiceMailDraft = {
  from: '"Island Express" <help@islandexpress.test>',
  to: 'shanice@example.test',
  subject: 'Invoice INV-2026-000042 from Island Express: J$100.00, due by 4 December 2026',
  message: 'Hi Shanice,\n\nPlease find attached invoice INV-2026-000042.',
  attachment: 'INV-2026-000042.pdf',
};

afterEach(() => {
  vi.restoreAllMocks();
});

function serve(send: () => Promise<unknown>) {
  return vi.spyOn(api, 'call').mockImplementation((async (endpoint: Endpoint) => {
    if (endpoint === invoiceCalls.mailDraft) return draft;
    if (endpoint === invoiceCalls.send) return send();
    return null;
  }) as never);
}

const textbox = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

describe('SendDrawer', () => {
  it('prefills from, to, subject and message from the server and names the attached PDF', async () => {
    serve(async () => ({ id: ID, number: 'INV-2026-000042', customer: {} }));
    render(<SendDrawer invoiceId={ID} opened onClose={() => {}} />);
    await screen.findByRole('form', { name: 'Send the invoice' });
    expect(textbox('From').value).toBe(draft.from);
    expect(textbox('From').readOnly).toBe(true);
    expect(textbox('To').value).toBe(draft.to);
    expect(textbox('Subject').value).toBe(draft.subject);
    expect(textbox('Message').value).toBe(draft.message);
    expect(screen.getByTestId('send-attachment').textContent).toBe('Attached: INV-2026-000042.pdf');
  });

  it('sends what staff wrote, and shows why a send failed', async () => {
    const user = userEvent.setup({ delay: null });
    const failure = new ApiError(502, 'The mail server refused the message: mailbox full');
    const spy = serve(async () => {
      throw failure;
    });
    const onClose = vi.fn();
    render(<SendDrawer invoiceId={ID} opened onClose={onClose} />);
    await screen.findByRole('form', { name: 'Send the invoice' });
    await user.clear(textbox('To'));
    await user.type(textbox('To'), 'accounts@example.test');
    await user.click(screen.getByRole('button', { name: 'Send invoice' }));
    expect(await screen.findByText('The mail server refused the message: mailbox full')).toBeTruthy();
    const sent = spy.mock.calls.filter(([e]) => e === invoiceCalls.send).map(([, o]) => o);
    expect(sent).toEqual([
      {
        params: { id: ID },
        body: { to: 'accounts@example.test', subject: draft.subject, message: draft.message },
      },
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses an empty subject or a bad address before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const spy = serve(async () => null);
    render(<SendDrawer invoiceId={ID} opened onClose={() => {}} />);
    await screen.findByRole('form', { name: 'Send the invoice' });
    await user.clear(textbox('To'));
    await user.type(textbox('To'), 'not-an-address');
    await user.clear(textbox('Subject'));
    await user.click(screen.getByRole('button', { name: 'Send invoice' }));
    expect(await screen.findByText('Enter an email address')).toBeTruthy();
    expect(screen.getByText('Enter a subject')).toBeTruthy();
    await waitFor(() => expect(spy.mock.calls.some(([e]) => e === invoiceCalls.send)).toBe(false));
  });
});
