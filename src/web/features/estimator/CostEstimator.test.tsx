import { describe, expect, it } from 'vitest';
import type { DutyEstimate } from '../../../contract/duty';
import { ApiError } from '../../lib/api/api-error';
import { render, screen, within } from '../../test/render';
import { estimateFailure, toEstimatorBody } from './CostEstimator';
import { EstimateResult, lineRate } from './components/EstimateResult';

/** A reply of POST /v1/dutycalculator as the server sent it (US$110, 3.2 lb, air). */
const estimate: DutyEstimate = {
  currency: 'JMD',
  category: {
    id: 1,
    code: 'general',
    name: 'General goods',
    description: '',
    duty_rate: '0.2000',
    gct_rate: '0.1500',
  },
  shipping_method: 'air',
  value_usd_cents: 11000,
  weight_lb: 3.2,
  chargeable_weight_lb: 4,
  exchange_rate: '157.2500',
  exchange_rate_date: '2026-11-22',
  rates: { duty: '0.2000', gct: '0.1500', insurance: '0.01', scf: '0.003', envl: '0.005' },
  value_jmd: 1729750,
  freight: 200000,
  insurance: 19298,
  cif: 1949048,
  duty: 389810,
  scf: 5847,
  envl: 9745,
  gct: 350829,
  stamp: 10000,
  caf: 250000,
  customs_total: 1016231,
  handling: 0,
  total: 1216231,
  de_minimis_applied: false,
  de_minimis_usd_cents: 10000,
  warning:
    'Just over the US$100.00 limit: customs charges apply on the full value, not only on the part above it.',
  lines: [
    {
      code: 'value',
      label: 'Goods value (US$110.00 at US$1 = J$157.25)',
      amount_cents: 1729750,
      rate: '157.2500',
    },
    { code: 'freight', label: 'Freight (4 lb)', amount_cents: 200000, rate: null },
    { code: 'duty', label: 'Import duty (20 % of CIF)', amount_cents: 389810, rate: '0.2000' },
    { code: 'scf', label: 'Standards compliance fee (0.3 % of CIF)', amount_cents: 5847, rate: '0.003' },
    { code: 'total', label: 'Estimated total to pay', amount_cents: 1216231, rate: null },
  ],
  disclaimer: 'This is an estimate. The invoice you receive is what you pay.',
};

describe('EstimateResult', () => {
  it('shows every line with its rate and JMD amount, the warning and the disclaimer', () => {
    render(<EstimateResult estimate={estimate} />);
    const table = screen.getByRole('table', { name: /what you pay/i });
    const basis = screen.getByRole('table', { name: /what customs charges are computed on/i });
    // The goods value is what customs charges are computed on, not a charge: it is apart from the total.
    expect(within(basis).getByRole('rowheader', { name: /^Goods value/ })).toBeTruthy();
    expect(within(table).queryByRole('rowheader', { name: /^Goods value/ })).toBeNull();
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.getAttribute('data-line'))).toEqual([null, 'duty', 'scf', 'freight', 'total']);

    const duty = within(table).getByRole('rowheader', { name: 'Import duty (20 % of CIF)' }).closest('tr');
    expect(duty?.textContent).toContain('20\u00a0%');
    expect(duty?.textContent).toContain('J$3,898.10');
    const total = within(table).getByRole('rowheader', { name: 'Estimated total to pay' }).closest('tr');
    expect(total?.textContent).toContain('J$12,162.31');

    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Estimated cost: J$12,162.31');
    expect(screen.getByText(/4 lb charged \(weighs 3\.2 lb, rounded up\)/)).toBeTruthy();
    expect(screen.getByText(/Just over the US\$100.00 limit/)).toBeTruthy();
    expect(screen.getByText(/This is an estimate\. The invoice/)).toBeTruthy();
    // Said once, not as a title and again in the text under it.
    expect(screen.queryAllByText(/This is an estimate/)).toHaveLength(1);
    expect(screen.getByText(/US\$1 = J\$157.25 \(rate of Nov 22, 2026\)/)).toBeTruthy();
  });

  it('shows the goods value line with the exchange rate, not a percentage', () => {
    expect(lineRate('value', '157.2500')).toBe('× 157.25');
    expect(lineRate('freight', null)).toBe('');
    expect(lineRate('scf', '0.003')).toBe('0.3\u00a0%');
  });

  it('sends numbers to the calculator', () => {
    expect(
      toEstimatorBody({ category_id: '3', value_usd: 110, weight_lb: 3.2, shipping_method: 'sea' }),
    ).toEqual({ category_id: 3, value_usd: 110, weight_lb: 3.2, shipping_method: 'sea' });
  });

  it('says why an estimate failed in the server\'s words, never a bare "Validation failed"', () => {
    const placed: Record<string, string> = {};
    const form = {
      values: { category_id: '1', value_usd: 250, weight_lb: 5, shipping_method: 'air' },
      setFieldError: (field: string, message: string) => {
        placed[field] = message;
      },
    };
    // A field the form has: the message goes on it, no alert.
    expect(
      estimateFailure(
        form,
        new ApiError(400, 'Validation failed', { value_usd: ['The value is too large for an estimate'] }),
      ),
    ).toBeNull();
    expect(placed.value_usd).toBe('The value is too large for an estimate');
    // A refusal on no field of the form: its own words.
    expect(
      estimateFailure(
        form,
        new ApiError(400, 'Validation failed', { currency: ['No exchange rate is set'] }),
      ),
    ).toBe('No exchange rate is set');
    expect(
      estimateFailure(form, new ApiError(503, 'The exchange rate is not set yet. Try again later.')),
    ).toBe('The exchange rate is not set yet. Try again later.');
    expect(estimateFailure(form, new Error('boom'))).toBe('The estimate failed. Please try again.');
  });
});
