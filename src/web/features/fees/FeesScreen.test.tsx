import { describe, expect, it } from 'vitest';
import type { Fees } from '../../../contract/fees';
import { renderWithRouter, screen, within } from '../../test/render';
import { FeesTables } from './FeesScreen';

const fees = {
  currency: 'JMD',
  exchange_rate: '157.25',
  exchange_rate_date: '2026-11-20',
  notes: ['Weights round up to the next pound.'],
  freight: {
    brackets: [
      { max_lb: 1, charge_cents: 55000 },
      { max_lb: 50, charge_cents: 1880000 },
    ],
    excess_per_lb_cents: 35000,
  },
  handling: { brackets: [{ max_lb: 10, charge_cents: 0 }], excess_per_lb_cents: 5000 },
  storage: { free_days: 7, per_day_cents: 20000 },
  other_charges: [{ code: 'fuel', name: 'Fuel surcharge', description: 'Per package', amount_cents: 30000 }],
  customs: {
    de_minimis_usd_cents: 10000,
    caf_cents: 250000,
    insurance_rate_air: '0.01',
    insurance_rate_sea: '0.015',
    scf_rate: '0.003',
    envl_rate: '0.005',
    stamp_threshold_cents: 550000,
    stamp_above_cents: 10000,
    stamp_below_cents: 500,
  },
  points: { cents_per_point: 10000, prealert_bonus: 25, point_value_cents: 100 },
  invoice: { tax_rate: '0', tax_label: 'GCT', terms: '' },
} as unknown as Fees;

describe('the fees page', () => {
  it('reads each weight bracket, a free one as Free, and the charge for every pound over the largest', async () => {
    await renderWithRouter(<FeesTables fees={fees} />);
    const freight = screen.getByRole('region', { name: 'Freight' });
    expect(within(freight).getByRole('rowheader', { name: 'Up to 1 lb' })).toBeTruthy();
    expect(within(freight).getByText('J$550.00')).toBeTruthy();
    expect(within(freight).getByRole('rowheader', { name: 'Each pound over 50 lb' })).toBeTruthy();
    expect(within(freight).getByText('+ J$350.00')).toBeTruthy();
    const handling = screen.getByRole('region', { name: 'Handling' });
    expect(within(handling).getByText('Free')).toBeTruthy();
  });

  it('says when storage starts, and lists the other charges and notes', async () => {
    await renderWithRouter(<FeesTables fees={fees} />);
    expect(screen.getByText('7 days free')).toBeTruthy();
    expect(screen.getByText('Fuel surcharge')).toBeTruthy();
    expect(screen.getByText('Weights round up to the next pound.')).toBeTruthy();
  });
});
