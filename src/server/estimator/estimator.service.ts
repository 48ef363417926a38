import { and, eq } from 'drizzle-orm';
import type { DutyCalculatorBody, DutyCategory, DutyEstimate } from '../../contract/duty';
import { dutyCalculatorBodySchema } from '../../contract/duty';
import type { Fees } from '../../contract/fees';
import { formatExchangeRate, formatMoney } from '../../contract/format';
import { categoriesOf, settingsOf } from '../companies/account-settings';
import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import { dutyCategories } from '../db/schema';
import { fieldError } from '../errors';
import { computeEstimate, deMinimisWarning, percent, toHundredths } from './duty';

type CategoryRow = typeof dutyCategories.$inferSelect;

export function toDutyCategory(c: CategoryRow): DutyCategory {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    description: c.description,
    duty_rate: c.dutyRate,
    gct_rate: c.gctRate,
  };
}

/** Duty categories, the calculator and the fee schedule, all from the company's settings. */
export function createEstimatorService({ db }: { db: Db }) {
  return {
    async categories(company: CompanyRow): Promise<DutyCategory[]> {
      return (await categoriesOf(db, company.id)).map(toDutyCategory);
    },

    async estimate(company: CompanyRow, input: DutyCalculatorBody): Promise<DutyEstimate> {
      const body = dutyCalculatorBodySchema.parse(input);
      const [category] = await db
        .select()
        .from(dutyCategories)
        .where(
          and(
            eq(dutyCategories.id, body.category_id),
            eq(dutyCategories.companyId, company.id),
            eq(dutyCategories.isActive, true),
          ),
        )
        .limit(1);
      if (!category) throw fieldError('category_id', 'Choose a category from the list');
      const settings = await settingsOf(db, company.id);
      const valueUsdCents = toHundredths(body.value_usd);
      const a = computeEstimate({
        valueUsdCents,
        weightHundredths: toHundredths(body.weight_lb),
        method: body.shipping_method,
        dutyRate: category.dutyRate,
        gctRate: category.gctRate,
        exchangeRate: company.exchangeRate,
        settings,
      });
      const c = settings.customs;
      const inCurrency = (cents: number) => formatMoney(cents, company.currency);
      const exempt = a.deMinimisApplied ? ' (not charged: value at or under the limit)' : '';
      const lines: DutyEstimate['lines'] = [
        {
          code: 'value',
          label: `Goods value (${formatMoney(valueUsdCents, 'USD')} at ${formatExchangeRate(company.exchangeRate, company.currency)})`,
          amount_cents: a.valueJmd,
          rate: company.exchangeRate,
        },
        { code: 'freight', label: `Freight (${a.chargeableLb} lb)`, amount_cents: a.freight, rate: null },
        {
          code: 'insurance',
          label: `Insurance (${percent(a.insuranceRate)} % of value + freight, ${body.shipping_method})`,
          amount_cents: a.insurance,
          rate: a.insuranceRate,
        },
        { code: 'cif', label: 'CIF (value + insurance + freight)', amount_cents: a.cif, rate: null },
        {
          code: 'duty',
          label: `Import duty (${percent(category.dutyRate)} % of CIF)${exempt}`,
          amount_cents: a.duty,
          rate: category.dutyRate,
        },
        {
          code: 'scf',
          label: `Standards compliance fee (${percent(c.scf_rate)} % of CIF)${exempt}`,
          amount_cents: a.scf,
          rate: c.scf_rate,
        },
        {
          code: 'envl',
          label: `Environmental levy (${percent(c.envl_rate)} % of CIF)${exempt}`,
          amount_cents: a.envl,
          rate: c.envl_rate,
        },
        {
          code: 'gct',
          label: `GCT (${percent(category.gctRate)} % of CIF + duty)${exempt}`,
          amount_cents: a.gct,
          rate: category.gctRate,
        },
        {
          code: 'stamp',
          label: `Stamp duty (${inCurrency(c.stamp_above_cents)} when CIF is over ${inCurrency(c.stamp_threshold_cents)}, else ${inCurrency(c.stamp_below_cents)})${exempt}`,
          amount_cents: a.stamp,
          rate: null,
        },
        {
          code: 'caf',
          label: `Customs administrative fee${exempt}`,
          amount_cents: a.caf,
          rate: null,
        },
        { code: 'customs_total', label: 'Customs charges', amount_cents: a.customsTotal, rate: null },
        { code: 'handling', label: `Handling (${a.chargeableLb} lb)`, amount_cents: a.handling, rate: null },
        { code: 'total', label: 'Estimated total to pay', amount_cents: a.total, rate: null },
      ];
      return {
        currency: company.currency,
        category: toDutyCategory(category),
        shipping_method: body.shipping_method,
        value_usd_cents: valueUsdCents,
        weight_lb: body.weight_lb,
        chargeable_weight_lb: a.chargeableLb,
        exchange_rate: company.exchangeRate,
        exchange_rate_date: company.exchangeRateDate,
        rates: {
          duty: category.dutyRate,
          gct: category.gctRate,
          insurance: a.insuranceRate,
          scf: c.scf_rate,
          envl: c.envl_rate,
        },
        value_jmd: a.valueJmd,
        freight: a.freight,
        insurance: a.insurance,
        cif: a.cif,
        duty: a.duty,
        scf: a.scf,
        envl: a.envl,
        gct: a.gct,
        stamp: a.stamp,
        caf: a.caf,
        customs_total: a.customsTotal,
        handling: a.handling,
        total: a.total,
        de_minimis_applied: a.deMinimisApplied,
        de_minimis_usd_cents: c.de_minimis_usd_cents,
        warning: deMinimisWarning(valueUsdCents, c.de_minimis_usd_cents),
        lines,
        disclaimer:
          'This is an estimate. Customs assesses the duty on the seller’s invoice and may use another category or value; the invoice you receive is what you pay.',
      };
    },

    async fees(company: CompanyRow): Promise<Fees> {
      const s = await settingsOf(db, company.id);
      const c = s.customs;
      const inCurrency = (cents: number) => formatMoney(cents, company.currency);
      return {
        ...s,
        currency: company.currency,
        exchange_rate: company.exchangeRate,
        exchange_rate_date: company.exchangeRateDate,
        notes: [
          'Weights are rounded up to the next whole pound (minimum 1 lb); the smallest bracket at or above the weight applies.',
          `Over the largest freight bracket: ${inCurrency(s.freight.excess_per_lb_cents)} for each extra pound.`,
          `Storage: ${s.storage.free_days} days free after the package is ready, then ${inCurrency(s.storage.per_day_cents)} a day.`,
          `Goods worth ${formatMoney(c.de_minimis_usd_cents, 'USD')} or less pay no customs charges; above that, duty is on the full value.`,
          `Points: 1 point for every ${inCurrency(s.points.cents_per_point)} paid; ${s.points.prealert_bonus} points for a pre-alert sent with its invoice.`,
        ],
      };
    },
  };
}

export type EstimatorService = ReturnType<typeof createEstimatorService>;
