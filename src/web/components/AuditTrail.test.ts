import { describe, expect, it } from 'vitest';
import { auditValue, fieldLabel } from './AuditTrail';

describe('the history as staff read it', () => {
  it('names a field as people say it', () => {
    expect(fieldLabel('amount_paid_cents')).toBe('Amount paid');
    expect(fieldLabel('due_at')).toBe('Due');
    expect(fieldLabel('issue_date')).toBe('Issue date');
    expect(fieldLabel('status')).toBe('Status');
  });

  it('writes cents as money in the record’s currency, dates as dates, nothing as a dash', () => {
    expect(auditValue('amount_paid_cents', 500000, 'JMD')).toBe('J$5,000.00');
    expect(auditValue('declared_value_cents', 12_345, 'USD')).toBe('US$123.45');
    // Without a currency a number of cents stays a number: it is never guessed.
    expect(auditValue('amount_paid_cents', 500000)).toBe('500000');
    expect(auditValue('due_at', '2026-12-10')).toBe('Dec 10, 2026');
    expect(auditValue('paid_at', '2026-11-26T15:00:00.000Z')).toBe('Nov 26, 2026, 10:00 AM');
    expect(auditValue('notes', null)).toBe('—');
    expect(auditValue('notes', '')).toBe('—');
    expect(auditValue('pieces', 2)).toBe('2');
  });
});
