import { describe, expect, it } from 'vitest';
import { storageCountdown } from '../../contract/storage';
import { DEFAULT_ACCOUNT_SETTINGS } from '../companies/account-settings';
import { computeEstimate, pricingOf } from '../estimator/duty';
import { DEFAULT_RATES } from '../rates/defaults';
import { type ChargeablePackage, categoryCodeFor, packageCharges } from './package-charges';

const DAY = 86_400_000;
const now = new Date('2026-11-24T12:00:00Z');
const category = { code: 'general', name: 'General', dutyRate: '0.20', gctRate: '0.15' };
const pkg = (over: Partial<ChargeablePackage> = {}): ChargeablePackage => ({
  id: '11111111-1111-4111-8111-111111111111',
  trackingNumber: '1Z999',
  description: 'Blender',
  weight: '2.40',
  declaredValueCents: 12_000,
  storage: null,
  ...over,
});
const charges = (p: ChargeablePackage) =>
  packageCharges({
    pkg: p,
    category,
    rates: { ...DEFAULT_RATES, exchange_rate: '157.25' },
    settings: DEFAULT_ACCOUNT_SETTINGS,
    currency: 'JMD',
  });

describe('the lines a package adds to an invoice', () => {
  it('are the estimator’s figures: freight and handling on the rounded-up weight, each customs charge', () => {
    const { lines, warnings } = charges(pkg());
    const e = computeEstimate({
      valueUsdCents: 12_000,
      weightHundredths: 240,
      method: 'air',
      dutyRate: '0.20',
      gctRate: '0.15',
      exchangeRate: '157.25',
      settings: pricingOf(DEFAULT_RATES, DEFAULT_ACCOUNT_SETTINGS.customs, 'air'),
    });
    expect(warnings).toEqual([]);
    expect(lines[0]).toMatchObject({ type: 'shipping', description: 'Air freight, 3 lb: Blender' });
    expect(lines.map((l) => l.unit_price_cents)).toEqual(
      [e.freight, e.handling, e.duty, e.scf, e.envl, e.gct, e.stamp, e.caf].filter((v) => v > 0),
    );
    expect(lines.filter((l) => l.type === 'duty')).toHaveLength(1);
  });

  it('say what could not be computed: no weight, no declared value', () => {
    const noWeight = charges(pkg({ weight: '0' }));
    expect(noWeight.warnings).toEqual(['No weight yet: freight and handling are not computed.']);
    expect(noWeight.lines.some((l) => l.type === 'shipping' || l.type === 'handling')).toBe(false);
    expect(noWeight.lines.some((l) => l.type === 'duty')).toBe(true);
    const noValue = charges(pkg({ declaredValueCents: 0 }));
    expect(noValue.warnings).toEqual(['No declared value: the customs charges are not computed.']);
    expect(noValue.lines.map((l) => l.type)).toEqual(['shipping']);
  });

  it('charge nothing for customs at or under the de minimis value', () => {
    const { lines } = charges(
      pkg({ declaredValueCents: DEFAULT_ACCOUNT_SETTINGS.customs.de_minimis_usd_cents }),
    );
    expect(lines.map((l) => l.type)).toEqual(['shipping']);
  });

  it('add the storage countdown’s charged days as the storage line, nothing while it is free', () => {
    const rule = DEFAULT_RATES.storage;
    const waiting = (daysAgo: number) =>
      pkg({
        storage: storageCountdown({
          readySince: new Date(now.getTime() - daysAgo * DAY),
          now,
          rule,
          currency: 'JMD',
          timeZone: 'America/Jamaica',
        }),
      });
    const storage = charges(waiting(rule.free_days + 3)).lines.find((l) =>
      l.description.startsWith('Storage'),
    );
    expect(storage).toMatchObject({ type: 'other', quantity: 3, unit_price_cents: rule.per_day_cents });
    expect(storage?.description).toBe(`Storage, 3 days past the ${rule.free_days} free`);
    expect(charges(waiting(rule.free_days)).lines.some((l) => l.description.startsWith('Storage'))).toBe(
      false,
    );
  });

  it('guesses the duty category from the description', () => {
    expect(categoryCodeFor('Dell laptop 15"')).toBe('laptops');
    expect(categoryCodeFor('Summer dress')).toBe('clothing');
    expect(categoryCodeFor('Blender')).toBe('general');
  });
});
