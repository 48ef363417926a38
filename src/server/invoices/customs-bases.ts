import { and, eq, inArray } from 'drizzle-orm';
import type { AccountSettings } from '../../contract/fees';
import {
  type CustomsBase,
  type InvoiceLineType,
  lineGroupOf,
  type StoredCustomsBase,
} from '../../contract/invoices';
import type { RateSet } from '../../contract/rates';
import { settingsOf } from '../companies/account-settings';
import type { Db } from '../db';
import { companies, packages } from '../db/schema';
import { computeEstimate, pricingOf } from '../estimator/duty';
import { type CategoryInForce, categoriesInForce, ratesInForce } from '../rates/in-force';
import type { InvoiceRow } from './invoice-totals';
import { categoryCodeFor, packageCharges } from './package-charges';

export type LinePackage = {
  id: string;
  tracking: string;
  description: string;
  weight: string;
  declaredValueCents: number;
};

/**
 * The CIF value a package's customs lines are computed on, by the estimator's calculator (the one that prices the
 * lines): goods value at the exchange rate, freight by the weight schedule, insurance by air; with the customs lines
 * that calculator gives for it (packageCharges), so a line staff changed afterwards can be told apart.
 */
export function customsBaseOf(input: {
  pkg: LinePackage;
  categories: readonly CategoryInForce[];
  rates: RateSet;
  settings: AccountSettings;
  currency: string;
  at?: Date;
}): StoredCustomsBase {
  const { pkg, categories, settings, rates } = input;
  const exchangeRate = rates.exchange_rate;
  const code = categoryCodeFor(pkg.description);
  const category = categories.find((c) => c.code === code) ?? categories.find((c) => c.code === 'general');
  const weight = Math.round(Number(pkg.weight) * 100);
  const e = computeEstimate({
    valueUsdCents: pkg.declaredValueCents,
    weightHundredths: weight > 0 ? weight : 100,
    method: 'air',
    dutyRate: category?.dutyRate ?? '0',
    gctRate: category?.gctRate ?? '0',
    ...(category?.otherRate ? { otherRate: category.otherRate } : {}),
    exchangeRate,
    settings: pricingOf(rates, settings.customs, 'air'),
  });
  const { lines } = packageCharges({
    pkg: {
      id: pkg.id,
      trackingNumber: pkg.tracking,
      description: pkg.description,
      weight: pkg.weight,
      declaredValueCents: pkg.declaredValueCents,
      storage: null,
    },
    category: category ?? null,
    rates,
    settings,
    currency: input.currency,
  });
  return {
    package_id: pkg.id,
    tracking_number: pkg.tracking,
    description: pkg.description,
    goods_value_usd_cents: pkg.declaredValueCents,
    exchange_rate: exchangeRate,
    goods_value_cents: e.valueJmd,
    freight_cents: e.freight,
    insurance_cents: e.insurance,
    cif_cents: e.cif,
    computed_at: (input.at ?? new Date()).toISOString(),
    computed_lines: lines
      .filter((l) => lineGroupOf(l.type) === 'customs')
      .map((l) => ({ type: l.type, unit_price_cents: l.unit_price_cents })),
  };
}

type PricedPackageLine = {
  type: InvoiceLineType;
  quantity: number;
  unit_price_cents: number;
  package_id?: string | null | undefined;
};

/**
 * The customs bases to store with an invoice's lines (same transaction): one per package with a customs line and a
 * declared value. An issued invoice keeps the ones it was issued with (`frozen`): only a package a revision adds gets
 * one. A draft's follow today's exchange rate and settings, except where its customs lines are still those computed on
 * the stored value (lines saved again unchanged after the rate moved): that value still explains them.
 */
export async function storedCustomsBases(
  db: Db,
  companyId: string,
  lines: readonly PricedPackageLine[],
  previous: readonly StoredCustomsBase[] | null,
  frozen: boolean,
): Promise<StoredCustomsBase[]> {
  const ids = [
    ...new Set(
      lines
        .filter((l) => l.package_id && lineGroupOf(l.type) === 'customs')
        .map((l) => l.package_id as string),
    ),
  ];
  if (ids.length === 0) return [];
  const before = new Map((previous ?? []).map((b) => [b.package_id, b]));
  const missing = frozen ? ids.filter((id) => !before.has(id)) : ids;
  const fresh = new Map<string, StoredCustomsBase>();
  if (missing.length > 0) {
    const at = new Date();
    const [pkgs, [company], settings, categories, rates] = await Promise.all([
      db
        .select({
          id: packages.id,
          tracking: packages.trackingNumber,
          description: packages.description,
          weight: packages.weight,
          declaredValueCents: packages.declaredValueCents,
        })
        .from(packages)
        .where(and(eq(packages.companyId, companyId), inArray(packages.id, missing))),
      db.select({ currency: companies.currency }).from(companies).where(eq(companies.id, companyId)).limit(1),
      settingsOf(db, companyId),
      categoriesInForce(db, companyId, at),
      ratesInForce(db, companyId, at),
    ]);
    for (const pkg of pkgs) {
      if (pkg.declaredValueCents <= 0) continue;
      fresh.set(
        pkg.id,
        customsBaseOf({
          pkg,
          categories,
          rates,
          settings,
          currency: company?.currency ?? 'JMD',
          at,
        }),
      );
    }
  }
  const explains = (id: string, base: StoredCustomsBase) =>
    computedOnCif(
      lines.filter((l) => l.package_id === id).map((l) => ({ ...l, package_id: l.package_id ?? null })),
      [base],
    ).every((v) => v !== false);
  return ids.flatMap((id) => {
    const was = before.get(id);
    const now = fresh.get(id);
    if (frozen && was) return [was];
    if (was && now && !explains(id, now) && explains(id, was)) return [was];
    const b = now ?? was;
    return b ? [b] : [];
  });
}

/**
 * Which customs lines are the figures computed on their package's stored CIF value: each computed line is matched
 * once, by type and amount; a line staff changed (or added) is not. Undefined where nothing is stored.
 */
export function computedOnCif(
  lines: readonly {
    type: InvoiceLineType;
    quantity: number;
    unit_price_cents: number;
    package_id: string | null;
  }[],
  stored: readonly StoredCustomsBase[] | null,
): (boolean | undefined)[] {
  if (!stored) return lines.map(() => undefined);
  const left = new Map(stored.map((b) => [b.package_id, [...b.computed_lines]]));
  return lines.map((l) => {
    if (lineGroupOf(l.type) !== 'customs' || !l.package_id) return undefined;
    const pool = left.get(l.package_id);
    if (!pool) return undefined;
    const i = pool.findIndex((c) => c.type === l.type && c.unit_price_cents === l.unit_price_cents);
    if (i < 0 || l.quantity !== 1) return false;
    pool.splice(i, 1);
    return true;
  });
}

/** What the customer sees of a stored base (its computed lines stay on the server). */
export const shownBase = ({ computed_lines: _, ...b }: StoredCustomsBase): CustomsBase => b;

/**
 * Today's CIF value of each package with customs lines, for invoices older than the stored value: the rates in force
 * today and today's settings, which may differ from those the lines were computed with.
 */
export async function customsBasesOf(
  db: Db,
  inv: InvoiceRow,
  lines: { l: { type: InvoiceLineType }; pkg: LinePackage | null }[],
  settings: AccountSettings,
): Promise<CustomsBase[]> {
  const taxed = new Map<string, LinePackage>();
  for (const { l, pkg } of lines) {
    if (pkg && pkg.declaredValueCents > 0 && lineGroupOf(l.type) === 'customs') taxed.set(pkg.id, pkg);
  }
  if (taxed.size === 0) return [];
  const at = new Date();
  // Retired categories too: an old invoice's package keeps the numbers of the category it was priced with.
  const [categories, rates] = await Promise.all([
    categoriesInForce(db, inv.companyId, at, { includeRetired: true }),
    ratesInForce(db, inv.companyId, at),
  ]);
  return [...taxed.values()].map((pkg) => {
    const {
      computed_lines: _,
      computed_at: __,
      ...b
    } = customsBaseOf({
      pkg,
      categories,
      rates,
      settings,
      currency: inv.currency,
    });
    return b;
  });
}
