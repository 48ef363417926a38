import { describe, expect, it } from 'vitest';
import type { CompanySettings } from '../../../contract/settings';
import {
  checkInvoice,
  checkPayment,
  checkPoints,
  fieldOf,
  invoiceBody,
  invoicePreview,
  invoiceValues,
  percentOf,
  pointsBody,
  pointsPreview,
  pointsValues,
  rateOf,
} from './sections';

const settings: CompanySettings = {
  company_id: '00000000-0000-4000-8000-000000000002',
  currency: 'JMD',
  time_zone: 'America/Jamaica',
  languages: { offered: ['en', 'es', 'fr', 'ar'], default: 'en' },
  payment: {
    bank_transfer: {
      bank_name: 'NCB',
      account_name: 'Island Express Ltd',
      account_number: '1',
      branch: '',
      account_type: '',
    },
    counter: 'At the counter',
    online_url: '',
    overdue: 'Held',
  },
  points: { cents_per_point: 10000, prealert_bonus: 25, point_value_cents: 100 },
  invoice: { tax_rate: '0.15', tax_label: 'GCT', terms: 'Net 14', due_days: 14 },
};

describe('Company settings sections', () => {
  it('shows points in dollars and sends cents', () => {
    expect(pointsValues(settings)).toEqual({ earn_dollars: 100, prealert_bonus: 25, point_dollars: 1 });
    expect(pointsBody({ earn_dollars: 150.5, prealert_bonus: '10', point_dollars: 0.5 })).toEqual({
      points: { cents_per_point: 15050, prealert_bonus: 10, point_value_cents: 50 },
    });
  });

  it('shows the tax as a percentage and sends the rate', () => {
    expect(invoiceValues(settings)).toMatchObject({ tax_percent: 15, due_days: 14 });
    expect(percentOf('0.003')).toBe(0.3);
    expect(rateOf(15)).toBe('0.15');
    expect(rateOf(0)).toBe('0');
    expect(rateOf(100)).toBe('1');
    expect(rateOf('16.5')).toBe('0.165');
    expect(invoiceBody({ tax_percent: 20, tax_label: ' Sales tax ', terms: '', due_days: 30 })).toEqual({
      invoice: { tax_rate: '0.2', tax_label: 'Sales tax', terms: '', due_days: 30 },
    });
  });

  it('says what is wrong with a value before sending it', () => {
    expect(checkPoints({ earn_dollars: 0, prealert_bonus: 1.5, point_dollars: '' })).toEqual({
      earn_dollars: 'At least 0.01',
      prealert_bonus: 'A whole number of points, 0 or more',
      point_dollars: 'At least 0.01',
    });
    expect(checkInvoice({ tax_percent: 150, tax_label: ' ', terms: '', due_days: 400 })).toEqual({
      tax_percent: 'Between 0 and 100 %',
      tax_label: 'Required',
      due_days: 'Whole days, from 0 to 365',
    });
    expect(
      checkPayment({ ...settings.payment.bank_transfer, counter: '', overdue: '', online_url: 'pay here' }),
    ).toEqual({
      online_url: 'A web address starting with https://',
    });
    expect(
      checkPayment({
        ...settings.payment.bank_transfer,
        counter: '',
        overdue: '',
        online_url: 'https://pay.example/x',
      }),
    ).toEqual({});
  });

  it('puts a server message on the form field it is about', () => {
    expect(fieldOf('body.payment.bank_transfer.account_name')).toBe('account_name');
    expect(fieldOf('points.cents_per_point')).toBe('earn_dollars');
    expect(fieldOf('invoice.tax_rate')).toBe('tax_percent');
    expect(fieldOf('time_zone')).toBe('time_zone');
  });
});

describe('what customers will read', () => {
  it('says the points rules, leaving out a bonus of 0 and saying one point in the singular', () => {
    const v = { earn_dollars: 100, point_dollars: 1, prealert_bonus: 25 };
    expect(pointsPreview(v, 'JMD')).toBe(
      '1 point per J$100.00 paid; 1 point = J$1.00; 25 points for a pre-alert sent with its invoice file.',
    );
    expect(pointsPreview({ ...v, prealert_bonus: 1 }, 'JMD')).toContain('; 1 point for a pre-alert');
    expect(pointsPreview({ ...v, prealert_bonus: 0 }, 'JMD')).toBe(
      '1 point per J$100.00 paid; 1 point = J$1.00.',
    );
    expect(pointsPreview({ ...v, earn_dollars: '' }, 'JMD')).toBe('—');
  });

  it('says the tax on services and the due date', () => {
    const v = { tax_percent: 15, tax_label: 'GCT', terms: '', due_days: 14 };
    expect(invoicePreview(v)).toBe('GCT 15\u00a0% on services; due 14 days after it is issued.');
    expect(invoicePreview({ ...v, tax_percent: 0, due_days: 1 })).toBe(
      'No tax on services; due 1 day after it is issued.',
    );
    expect(invoicePreview({ ...v, due_days: 0 })).toContain('due on the day it is issued');
    expect(invoicePreview({ ...v, due_days: 400 })).toBe('—');
  });
});
