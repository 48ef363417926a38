import { describe, expect, it } from 'vitest';
import type { Lookup } from '../../../contract/intake';
import { EMPTY, prefill, problemsOf, toFields } from './receive-form';

const pre: NonNullable<Lookup['prealert']> = {
  id: 'pa1',
  customer: { id: 'c1', name: 'Ann Lee', email: 'ann@example.com', mailbox_number: 'IEX-10001' },
  seller_name: 'Amazon',
  description: 'Espresso machine',
  weight: '0',
  value_cents: 0,
  package_type: 'box',
  length: '0',
  width: '12',
  height: '0.00',
};

describe('the receive form', () => {
  it('fills what the pre-alert says, and leaves empty what it does not (a 0 is "not given")', () => {
    const v = prefill({ ...EMPTY, tracking_number: '1Z999' }, pre);
    expect(v).toMatchObject({
      mailbox_number: 'IEX-10001',
      description: 'Espresso machine',
      shipper: 'Amazon',
      package_type: 'box',
      declared_value: '',
      length: '',
      width: '12',
      height: '',
    });
    expect(prefill(EMPTY, { ...pre, value_cents: 4999 }).declared_value).toBe('49.99');
  });

  it('never overwrites what the clerk typed', () => {
    const v = prefill({ ...EMPTY, mailbox_number: 'IEX-20002', description: 'Books' }, pre);
    expect(v.mailbox_number).toBe('IEX-20002');
    expect(v.description).toBe('Books');
  });

  it('asks for a tracking number and a weight before sending', () => {
    expect(problemsOf(EMPTY)).toEqual({
      tracking_number: 'Scan or type the tracking number',
      weight: 'Enter the weight in pounds',
    });
    expect(problemsOf({ ...EMPTY, tracking_number: '1z 999 aa1', weight: '2.5' })).toEqual({});
  });

  it('sends what was filled in, trimmed, and the flags that are set', () => {
    expect(toFields({ ...EMPTY, tracking_number: ' 1Z999 ', weight: '2', fragile: true })).toEqual({
      tracking_number: '1Z999',
      weight: '2',
      fragile: 'true',
    });
  });
});
