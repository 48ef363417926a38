import { describe, expect, it } from 'vitest';
import { inForceAt, rateDateOf, withRatesAt } from './in-force';

const at = (iso: string) => new Date(iso);
const v = (id: number, from: string) => ({ id, effectiveFrom: at(from) });

describe('the rates in force at a time', () => {
  const versions = [v(1, '2000-01-01T00:00:00Z'), v(2, '2026-12-01T08:00:00Z'), v(3, '2026-12-10T00:00:00Z')];

  it('is the version with the greatest start at or before the time', () => {
    expect(inForceAt(versions, at('2026-11-30T23:59:59Z'))?.id).toBe(1);
    expect(inForceAt(versions, at('2026-12-05T00:00:00Z'))?.id).toBe(2);
    expect(inForceAt(versions, at('2027-01-01T00:00:00Z'))?.id).toBe(3);
  });

  it('applies a version exactly at its start, and not a millisecond before', () => {
    expect(inForceAt(versions, at('2026-12-01T08:00:00.000Z'))?.id).toBe(2);
    expect(inForceAt(versions, at('2026-12-01T07:59:59.999Z'))?.id).toBe(1);
  });

  it('never applies a future version, whatever the order it is listed in', () => {
    const shuffled = [versions[2], versions[0], versions[1]].filter((x) => x !== undefined);
    expect(inForceAt(shuffled, at('2026-12-01T07:00:00Z'))?.id).toBe(1);
    expect(inForceAt([v(9, '2030-01-01T00:00:00Z')], at('2026-12-01T00:00:00Z'))).toBeNull();
  });

  it('dates an exchange rate by when it took effect, or when a backdated first version was entered', () => {
    expect(
      rateDateOf({ effectiveFrom: at('2026-12-02T10:00:00Z'), createdAt: at('2026-11-27T09:00:00Z') }),
    ).toBe('2026-12-02');
    expect(
      rateDateOf({ effectiveFrom: at('2000-01-01T00:00:00Z'), createdAt: at('2026-11-20T09:00:00Z') }),
    ).toBe('2026-11-20');
  });
});

describe('duty categories in force', () => {
  const cat = (id: number, code: string) => ({
    id,
    companyId: 'c',
    code,
    name: code,
    description: '',
    sortOrder: id,
    retiredAt: null,
  });
  const rate = (categoryId: number, from: string, duty: string) => ({
    id: categoryId * 100 + Number(from.slice(8, 10)),
    companyId: 'c',
    categoryId,
    effectiveFrom: at(from),
    dutyRate: duty,
    gctRate: '0.15',
    otherRate: '0',
    otherLabel: '',
    createdBy: null,
    createdAt: at('2026-11-01T00:00:00Z'),
  });

  it('take each category’s own version in force; one with only a future version is not offered yet', () => {
    const cats = [cat(1, 'general'), cat(2, 'drones')];
    const rates = [
      rate(1, '2000-01-01T00:00:00Z', '0.20'),
      rate(1, '2026-12-01T00:00:00Z', '0.25'),
      rate(2, '2026-12-01T00:00:00Z', '0.10'),
    ];
    expect(withRatesAt(cats, rates, at('2026-11-30T00:00:00Z')).map((c) => [c.code, c.dutyRate])).toEqual([
      ['general', '0.20'],
    ]);
    expect(withRatesAt(cats, rates, at('2026-12-01T00:00:00Z')).map((c) => [c.code, c.dutyRate])).toEqual([
      ['general', '0.25'],
      ['drones', '0.10'],
    ]);
  });
});
