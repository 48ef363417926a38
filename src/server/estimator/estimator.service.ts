import { msg } from '@lingui/core/runtime-macro';
import type { DutyCalculatorBody, DutyCategory, DutyEstimate } from '../../contract/duty';
import { dutyCalculatorBodySchema } from '../../contract/duty';
import type { CustomsSettings, Fees } from '../../contract/fees';
import { formatExchangeRate, formatMoney } from '../../contract/format';
import type { RateSet } from '../../contract/rates';
import { settingsOf } from '../companies/account-settings';
import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import { fieldError } from '../errors';
import { type CategoryInForce, categoriesInForce, categoryInForce, ratesInForce } from '../rates/in-force';
import { computeEstimate, deMinimisWarning, percent, pricingOf, toHundredths } from './duty';

export function toDutyCategory(c: CategoryInForce): DutyCategory {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    description: c.description,
    duty_rate: c.dutyRate,
    gct_rate: c.gctRate,
    other_rate: c.otherRate,
    other_label: c.otherLabel,
  };
}

/** What an estimate is priced with: a rate set (in force, or an admin's draft), a category, the customs rules. */
export type EstimateBasis = {
  rates: RateSet;
  rateDate: string;
  category: CategoryInForce;
  customs: CustomsSettings;
};

/**
 * The estimate of a parcel on a basis: the one computation behind POST /v1/dutycalculator and the admin's preview of
 * draft rates, so the preview cannot drift from what customers are shown.
 */
export function estimateOn(
  company: CompanyRow,
  input: DutyCalculatorBody,
  basis: EstimateBasis,
): DutyEstimate {
  const body = dutyCalculatorBodySchema.parse(input);
  const { category, rates } = basis;
  const valueUsdCents = toHundredths(body.value_usd);
  const exchangeRate = rates.exchange_rate;
  const a = computeEstimate({
    valueUsdCents,
    weightHundredths: toHundredths(body.weight_lb),
    method: body.shipping_method,
    dutyRate: category.dutyRate,
    gctRate: category.gctRate,
    otherRate: category.otherRate,
    exchangeRate,
    settings: pricingOf(rates, basis.customs, body.shipping_method),
  });
  const c = basis.customs;
  const inCurrency = (cents: number) => formatMoney(cents, company.currency);
  const exempt = a.deMinimisApplied ? ' (not charged: value at or under the limit)' : '';
  const lines: DutyEstimate['lines'] = [
    {
      code: 'value',
      label: `Goods value (${formatMoney(valueUsdCents, 'USD')} at ${formatExchangeRate(exchangeRate, company.currency)})`,
      amount_cents: a.valueJmd,
      rate: exchangeRate,
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
    ...(a.other > 0
      ? [
          {
            code: 'other' as const,
            label: `${category.otherLabel || 'Other charge'} (${percent(category.otherRate)} % of CIF)`,
            amount_cents: a.other,
            rate: category.otherRate,
          },
        ]
      : []),
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
    exchange_rate: exchangeRate,
    exchange_rate_date: basis.rateDate,
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
    other: a.other,
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
}

/** Duty categories, the calculator and the fee schedule: the rates in force now and the company's settings. */
export function createEstimatorService({ db }: { db: Db }) {
  return {
    async categories(company: CompanyRow): Promise<DutyCategory[]> {
      return (await categoriesInForce(db, company.id)).map(toDutyCategory);
    },

    async estimate(company: CompanyRow, input: DutyCalculatorBody): Promise<DutyEstimate> {
      const body = dutyCalculatorBodySchema.parse(input);
      const at = new Date();
      const [category, rates, settings] = await Promise.all([
        categoryInForce(db, company.id, body.category_id, at),
        ratesInForce(db, company.id, at),
        settingsOf(db, company.id),
      ]);
      if (!category) throw fieldError('category_id', msg`Choose a category from the list`);
      return estimateOn(company, body, {
        rates,
        rateDate: rates.rateDate,
        category,
        customs: settings.customs,
      });
    },

    async fees(company: CompanyRow): Promise<Fees> {
      const [s, r] = await Promise.all([settingsOf(db, company.id), ratesInForce(db, company.id)]);
      const c = s.customs;
      const inCurrency = (cents: number) => formatMoney(cents, company.currency);
      const { minimum_cents: airMinimum, ...air } = r.freight.air;
      return {
        ...s,
        freight: air,
        freight_minimum_cents: airMinimum,
        sea_freight: r.freight.sea,
        handling: r.handling,
        storage: r.storage,
        currency: company.currency,
        exchange_rate: r.exchange_rate,
        exchange_rate_date: r.rateDate,
        notes: [
          'Weights are rounded up to the next whole pound (minimum 1 lb); the smallest bracket at or above the weight applies.',
          `Over the largest freight bracket: ${inCurrency(air.excess_per_lb_cents)} for each extra pound.`,
          ...(airMinimum > 0 ? [`Minimum air freight charge: ${inCurrency(airMinimum)} a parcel.`] : []),
          `Storage: ${r.storage.free_days} days free after the package is ready, then ${inCurrency(r.storage.per_day_cents)} a day.`,
          `Goods worth ${formatMoney(c.de_minimis_usd_cents, 'USD')} or less pay no customs charges; above that, duty is on the full value.`,
          `Points: 1 point for every ${inCurrency(s.points.cents_per_point)} paid; ${s.points.prealert_bonus} points for a pre-alert sent with its invoice.`,
        ],
      };
    },
  };
}

export type EstimatorService = ReturnType<typeof createEstimatorService>;
