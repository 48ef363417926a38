import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PurchaseRequest } from '../../../contract/purchase-requests';
import { ApiError } from '../../lib/api/api-error';
import { render, screen, waitFor } from '../../test/render';
import { PurchaseRequestForm, type SendPurchaseRequest } from './PurchaseRequestForm';

function setup(send: SendPurchaseRequest = vi.fn(async () => ({}) as PurchaseRequest)) {
  const user = userEvent.setup({ delay: null });
  const onSent = vi.fn();
  render(<PurchaseRequestForm send={send} onSent={onSent} onCancel={() => {}} />);
  return { user, send, onSent };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Send request' });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/^Product link/), 'https://www.amazon.com/dp/B09B8V1LZ3');
  await user.type(field(/^Item name/), 'Echo Dot');
}

describe('PurchaseRequestForm', () => {
  it('labels every field and starts at a quantity of 1', () => {
    setup();
    for (const label of [
      /^Product link/,
      /^Item name/,
      /^Store \(optional\)/,
      /^Quantity/,
      /^Price estimate \(USD, optional\)/,
      /^Options \(optional\)/,
      /^Notes \(optional\)/,
    ]) {
      expect(field(label)).toBeTruthy();
    }
    expect(field(/^Quantity/).value).toBe('1');
  });

  it('shows the required messages and sends nothing', async () => {
    const { user, send } = setup();
    await user.clear(field(/^Quantity/));
    await user.click(submit());
    expect(await screen.findByText('Paste the product link')).toBeTruthy();
    expect(screen.getByText('Name the item')).toBeTruthy();
    expect(screen.getByText('Enter a quantity')).toBeTruthy();
    expect(field(/^Product link/).getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses links that are not http or https on the link field', async () => {
    const { user, send } = setup();
    await user.type(field(/^Product link/), 'ftp://files.example.com/item');
    await user.type(field(/^Item name/), 'Echo Dot');
    await user.click(submit());
    expect(await screen.findByText('Only http and https links are accepted')).toBeTruthy();
    expect(field(/^Product link/).getAttribute('aria-invalid')).toBe('true');

    await user.clear(field(/^Product link/));
    await user.type(field(/^Product link/), 'amazon.com/dp/1');
    await user.click(submit());
    expect(
      await screen.findByText('Paste the full link of the product, starting with https://'),
    ).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the price in US cents and leaves the store to the server when empty', async () => {
    const { user, send, onSent } = setup();
    await fillValid(user);
    await user.clear(field(/^Quantity/));
    await user.type(field(/^Quantity/), '2');
    await user.type(field(/^Price estimate/), '49.99');
    await user.type(field(/^Options/), ' Charcoal ');
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(vi.mocked(send).mock.calls[0]?.[0]).toEqual({
      product_url: 'https://www.amazon.com/dp/B09B8V1LZ3',
      item_name: 'Echo Dot',
      quantity: 2,
      options: 'Charcoal',
      estimated_price_cents: 4999,
      notes: '',
    });
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
  });

  it('sends no estimate as null', async () => {
    const { user, send } = setup();
    await fillValid(user);
    await user.type(field(/^Store/), 'Amazon');
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(vi.mocked(send).mock.calls[0]?.[0]).toMatchObject({
      store: 'Amazon',
      estimated_price_cents: null,
    });
  });

  it("puts the server's field errors on their fields, the estimate's cents on the price", async () => {
    const send = vi.fn<SendPurchaseRequest>(async () => {
      throw new ApiError(400, 'Validation failed', {
        'body.product_url': ['Links with a user name or password are not accepted'],
        estimated_price_cents: ['The amount is too large'],
      });
    });
    const { user } = setup(send);
    await fillValid(user);
    await user.type(field(/^Price estimate/), '10');
    await user.click(submit());
    expect(await screen.findByText('Links with a user name or password are not accepted')).toBeTruthy();
    expect(screen.getByText('The amount is too large')).toBeTruthy();
    await waitFor(() => expect(field(/^Product link/).getAttribute('aria-invalid')).toBe('true'));
    expect(field(/^Price estimate/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal that belongs to no field above the form', async () => {
    const send = vi.fn<SendPurchaseRequest>(async () => {
      throw new ApiError(0, 'Network error: check your connection and try again.');
    });
    const { user } = setup(send);
    await fillValid(user);
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Network error: check your connection and try again.');
    // The values stay for another try.
    expect(field(/^Item name/).value).toBe('Echo Dot');
  });
});
