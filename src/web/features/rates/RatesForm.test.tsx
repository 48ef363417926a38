import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateRateVersionBody, RateSet, RateVersion } from '../../../contract/rates';
import { ApiError } from '../../lib/api/api-error';
import { render, screen, waitFor } from '../../test/render';
import { RatesForm } from './components/RatesForm';
import { formFieldOf, percentOf, rateOf } from './rates-form';

// The preview asks the server; here it answers what the draft's first air bracket charges, so the test sees it follow.
vi.mock('./api', async () => {
  const { queryOptions } = await import('@tanstack/react-query');
  return {
    ratePreviewQueryOptions: (body: { rates: RateSet } | null) =>
      queryOptions({
        queryKey: ['rates', 'preview', body],
        enabled: body !== null,
        queryFn: async () => ({
          lines: [
            {
              code: 'freight',
              label: 'Freight (3 lb)',
              amount_cents: body?.rates.freight.air.brackets[0]?.charge_cents ?? 0,
              rate: null,
            },
            { code: 'total', label: 'Estimated total to pay', amount_cents: 999_900, rate: null },
          ],
        }),
      }),
  };
});

const air = {
  brackets: [
    { max_lb: 5, charge_cents: 200_000 },
    { max_lb: 10, charge_cents: 380_000 },
  ],
  excess_per_lb_cents: 38_000,
  minimum_cents: 0,
};
const rates: RateSet = {
  freight: { air, sea: air },
  handling: { brackets: [{ max_lb: 50, charge_cents: 0 }], excess_per_lb_cents: 0 },
  storage: { free_days: 7, per_day_cents: 15_000 },
  exchange_rate: '157.2500',
};

function setup(
  send = vi.fn(async (b: CreateRateVersionBody) => ({ id: 2, rates: b.rates }) as unknown as RateVersion),
) {
  // `as unknown`: the test's reply carries only what the form reads back (the rates).
  const user = userEvent.setup({ delay: null });
  render(
    <RatesForm
      current={rates}
      currency="JMD"
      categories={[
        {
          id: 1,
          code: 'general',
          name: 'General goods',
          description: '',
          duty_rate: '0.2',
          gct_rate: '0.15',
        },
      ]}
      send={send}
      onSaved={() => {}}
    />,
  );
  return { user, send };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

afterEach(() => vi.restoreAllMocks());

describe('New rates', () => {
  it('starts from the rates in force, labelled per mode and row', () => {
    setup();
    expect(field('Air freight row 1 max weight (lb)').value).toBe('5');
    expect(field('Air freight row 2 charge').value).toBe('J$3,800');
    expect(field('Exchange rate').value).toBe('157.2500');
    expect(field('Free storage days').value).toBe('7');
    expect(screen.getByRole('button', { name: 'Save rates' })).toBeTruthy();
  });

  it('refuses an overlapping bracket on its row, sending nothing', async () => {
    const { user, send } = setup();
    await user.clear(field('Air freight row 2 max weight (lb)'));
    await user.type(field('Air freight row 2 max weight (lb)'), '5');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByText(/^Row 2: the max weight must be more than row 1's 5 lb/)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('adds and removes bracket rows', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Add air freight bracket' }));
    expect(field('Air freight row 3 max weight (lb)').value).toBe('15');
    await user.click(screen.getByRole('button', { name: 'Remove air freight row 3' }));
    expect(screen.queryByLabelText('Air freight row 3 max weight (lb)')).toBeNull();
  });

  it('sends the whole rate set in cents, from now when the date and time were left alone; the preview follows', async () => {
    const { user, send } = setup();
    await user.clear(field('Air freight row 1 charge'));
    await user.type(field('Air freight row 1 charge'), '2100');
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Preview of the sample parcel' }).textContent).toContain(
        'J$2,100.00',
      ),
    );
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const body = send.mock.calls[0]?.[0];
    expect(body?.rates.freight.air.brackets[0]).toEqual({ max_lb: 5, charge_cents: 210_000 });
    expect(body?.rates.freight.sea).toEqual(air);
    expect(Date.parse(body?.effective_from ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('puts the server’s field message on the row it names', async () => {
    const refuse = vi.fn(async () => {
      throw new ApiError(400, 'Validation failed', {
        'rates.freight.sea.brackets.1.charge_cents': ['Row 2: too large'],
      });
    });
    const { user } = setup(refuse);
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByText('Row 2: too large')).toBeTruthy();
    expect(field('Sea freight row 2 charge').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the form’s conversions', () => {
  it('names the form field of a server field', () => {
    expect(formFieldOf('rates.freight.air.brackets.2.max_lb')).toBe('air.brackets.2.max_lb');
    expect(formFieldOf('rates.handling.excess_per_lb_cents')).toBe('handling.excess');
    expect(formFieldOf('rates.freight.sea.minimum_cents')).toBe('sea.minimum');
    expect(formFieldOf('rates.storage.per_day_cents')).toBe('storage_per_day');
    expect(formFieldOf('effective_from')).toBe('date');
    expect(formFieldOf('something.else')).toBeNull();
  });

  it('turns percents into exact rates and back', () => {
    expect(rateOf(15)).toBe('0.15');
    expect(rateOf(16.5)).toBe('0.165');
    expect(rateOf(0)).toBe('0');
    expect(percentOf('0.2000')).toBe(20);
    expect(percentOf('0.165')).toBe(16.5);
  });
});
