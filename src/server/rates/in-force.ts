import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { type RateSet, rateSetSchema } from '../../contract/rates';
import type { Db } from '../db';
import { dutyCategories, dutyCategoryRates, rateVersions } from '../db/schema';
import { DEFAULT_RATES } from './defaults';

/*
 * The one owner of "the prices in force at time T". The estimator, the fee page, invoice drafts and the admin
 * screens all ask here; nothing else reads rate_versions or duty_category_rates for pricing.
 */

/** The version in force at `at`: the one with the greatest effective_from ≤ at; null when none has started yet. */
export function inForceAt<T extends { effectiveFrom: Date }>(versions: readonly T[], at: Date): T | null {
  let best: T | null = null;
  for (const v of versions) {
    if (v.effectiveFrom.getTime() > at.getTime()) continue;
    if (!best || v.effectiveFrom.getTime() > best.effectiveFrom.getTime()) best = v;
  }
  return best;
}

export type RatesInForce = RateSet & {
  versionId: number | null;
  /** The day the exchange rate is "of": the later of when the version took effect and when it was entered. */
  rateDate: string;
};

/** A version entered ahead of time is "of" its effective day; the first version (backdated) of the day it was entered. */
export function rateDateOf(v: { effectiveFrom: Date; createdAt: Date }): string {
  return new Date(Math.max(v.effectiveFrom.getTime(), v.createdAt.getTime())).toISOString().slice(0, 10);
}

/**
 * The company's rates in force at `at` (now by default). Every company gets a first version when it is created (and
 * the migration gave one to those that existed before), so the defaults answer only for a company caught between its
 * row and its first version inside the creating transaction.
 */
export async function ratesInForce(db: Db, companyId: string, at: Date = new Date()): Promise<RatesInForce> {
  const [row] = await db
    .select()
    .from(rateVersions)
    .where(and(eq(rateVersions.companyId, companyId), lte(rateVersions.effectiveFrom, at)))
    .orderBy(desc(rateVersions.effectiveFrom))
    .limit(1);
  if (!row) return { ...DEFAULT_RATES, versionId: null, rateDate: at.toISOString().slice(0, 10) };
  return { ...rateSetSchema.parse(row.rates), versionId: row.id, rateDate: rateDateOf(row) };
}

/** A duty category with the rates in force at a time. */
export type CategoryInForce = {
  id: number;
  code: string;
  name: string;
  description: string;
  sortOrder: number;
  dutyRate: string;
  gctRate: string;
  otherRate: string;
  otherLabel: string;
  effectiveFrom: Date;
};

type CategoryRow = typeof dutyCategories.$inferSelect;
type CategoryRateRow = typeof dutyCategoryRates.$inferSelect;

/** Joins categories with their version in force at `at`; a category with none yet (scheduled) is left out. */
export function withRatesAt(
  cats: readonly CategoryRow[],
  rates: readonly CategoryRateRow[],
  at: Date,
): CategoryInForce[] {
  return cats.flatMap((c) => {
    const r = inForceAt(
      rates.filter((x) => x.categoryId === c.id),
      at,
    );
    if (!r) return [];
    return [
      {
        id: c.id,
        code: c.code,
        name: c.name,
        description: c.description,
        sortOrder: c.sortOrder,
        dutyRate: r.dutyRate,
        gctRate: r.gctRate,
        otherRate: r.otherRate,
        otherLabel: r.otherLabel,
        effectiveFrom: r.effectiveFrom,
      },
    ];
  });
}

/**
 * The company's duty categories offered at `at`: not retired by then, with a rate version in force. `ids` narrows
 * to those; `includeRetired` keeps retired ones (a past invoice's category keeps its numbers).
 */
export async function categoriesInForce(
  db: Db,
  companyId: string,
  at: Date = new Date(),
  opts: { ids?: number[]; includeRetired?: boolean } = {},
): Promise<CategoryInForce[]> {
  const cats = await db
    .select()
    .from(dutyCategories)
    .where(
      and(
        eq(dutyCategories.companyId, companyId),
        opts.ids ? inArray(dutyCategories.id, opts.ids.length > 0 ? opts.ids : [-1]) : undefined,
        opts.includeRetired
          ? undefined
          : or(isNull(dutyCategories.retiredAt), gt(dutyCategories.retiredAt, at)),
      ),
    )
    .orderBy(asc(dutyCategories.sortOrder), asc(dutyCategories.id));
  if (cats.length === 0) return [];
  const rates = await db
    .select()
    .from(dutyCategoryRates)
    .where(
      and(
        eq(dutyCategoryRates.companyId, companyId),
        inArray(
          dutyCategoryRates.categoryId,
          cats.map((c) => c.id),
        ),
        lte(dutyCategoryRates.effectiveFrom, at),
      ),
    );
  return withRatesAt(cats, rates, at);
}

/** One category offered at `at` (null: not the company's, retired, or not yet in force). */
export async function categoryInForce(
  db: Db,
  companyId: string,
  id: number,
  at: Date = new Date(),
): Promise<CategoryInForce | null> {
  return (await categoriesInForce(db, companyId, at, { ids: [id] }))[0] ?? null;
}
