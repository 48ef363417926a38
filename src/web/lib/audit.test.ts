import { describe, expect, it } from 'vitest';
import { actionLabel, auditValue, fieldLabel, shownChanges } from './audit';

describe('the history as staff read it', () => {
  it('names a field as people say it', () => {
    expect(fieldLabel('amount_paid_cents')).toBe('Amount paid');
    expect(fieldLabel('due_at')).toBe('Due');
    expect(fieldLabel('issue_date')).toBe('Issue date');
    expect(fieldLabel('status')).toBe('Status');
  });

  it('says what was done in words, not the server’s codes', () => {
    expect(actionLabel('packages_added')).toBe('Packages added');
    expect(actionLabel('prealert_linked')).toBe('Pre-alert linked');
    expect(actionLabel('send_failed')).toBe('Sending failed');
    expect(actionLabel('email verified by hand')).toBe('Email verified by hand');
    expect(actionLabel('assigned')).toBe('Assigned');
  });

  it('writes cents as money in the record’s currency, rates as percentages, flags as yes or no', () => {
    expect(auditValue('amount_paid_cents', 500000, 'JMD')).toBe('J$5,000.00');
    expect(auditValue('declared_value_cents', 12_345, 'USD')).toBe('US$123.45');
    // Without a currency a number of cents stays a number: it is never guessed.
    expect(auditValue('amount_paid_cents', 500000)).toBe('500000');
    expect(auditValue('due_at', '2026-12-10')).toBe('Dec 10, 2026');
    expect(auditValue('paid_at', '2026-11-26T15:00:00.000Z')).toBe('Nov 26, 2026, 10:00 AM');
    expect(auditValue('tax_rate', '0.15')).toBe('15%');
    expect(auditValue('invoice.tax_rate', 0)).toBe('0%');
    expect(auditValue('enabled', true)).toBe('Yes');
    expect(auditValue('fragile', false)).toBe('No');
    expect(auditValue('notes', null)).toBe('—');
    expect(auditValue('notes', '')).toBe('—');
    expect(auditValue('pieces', 2)).toBe('2');
  });

  it('leaves out ids and what did not change; a value set reads without an arrow', () => {
    const shown = shownChanges({
      title: [null, 'Home'],
      menu_id: [null, 1],
      parent_id: [null, null],
      enabled: [null, true],
      icon: [null, 'circle'],
      notes: [null, ''],
      customer: [null, null],
      tax_rate: [null, '0'],
      status: ['issued', 'paid'],
      terms: ['Net 14', null],
      roles: ['admin, customer', 'admin, customer'],
    });
    expect(shown).toEqual([
      { field: 'title', label: 'Title', before: null, after: 'Home' },
      { field: 'enabled', label: 'Enabled', before: null, after: 'Yes' },
      { field: 'icon', label: 'Icon', before: null, after: 'circle' },
      { field: 'tax_rate', label: 'Tax rate', before: null, after: '0%' },
      { field: 'status', label: 'Status', before: 'issued', after: 'paid' },
      { field: 'terms', label: 'Terms', before: 'Net 14', after: null },
    ]);
  });

  it('names a status as the screens do', () => {
    expect(
      shownChanges(
        { status: ['received_us', 'ready_for_pickup'] },
        {
          statusNames: { received_us: 'Received at US warehouse', ready_for_pickup: 'Ready for pickup' },
        },
      ),
    ).toEqual([
      { field: 'status', label: 'Status', before: 'Received at US warehouse', after: 'Ready for pickup' },
    ]);
  });

  it('uses the screen’s own labels and the record’s currency', () => {
    expect(
      shownChanges(
        { 'payment.counter': ['Cash', 'Card'], total_cents: [100, 250] },
        {
          labels: { 'payment.counter': 'At the counter' },
          currency: 'USD',
        },
      ),
    ).toEqual([
      { field: 'payment.counter', label: 'At the counter', before: 'Cash', after: 'Card' },
      { field: 'total_cents', label: 'Total', before: 'US$1.00', after: 'US$2.50' },
    ]);
  });
});
