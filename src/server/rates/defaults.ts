import type { RateSet } from '../../contract/rates';

const jmd = (dollars: number) => dollars * 100;
const brackets = (rows: [number, number][]) =>
  rows.map(([lb, charge]) => ({ max_lb: lb, charge_cents: jmd(charge) }));

/**
 * The first rate version of a new company (DOMAIN.md). Freight: DOMAIN's example schedule, J$380 per pound over
 * 50 lb, the same by sea until the company sets its own; no minimum beyond the 1 lb bracket. Handling (our choice):
 * free up to 5 lb, J$350 to 10 lb, J$600 to 25 lb, J$1,000 to 50 lb, then J$25 per pound. The exchange rate is the
 * company's own when it was created with one.
 */
const air = {
  brackets: brackets([
    [1, 550],
    [2, 950],
    [3, 1350],
    [5, 2000],
    [10, 3800],
    [20, 7400],
    [30, 10800],
    [40, 14800],
    [50, 18800],
  ]),
  excess_per_lb_cents: jmd(380),
  minimum_cents: 0,
};

export const DEFAULT_RATES: RateSet = {
  freight: { air, sea: air },
  handling: {
    brackets: brackets([
      [5, 0],
      [10, 350],
      [25, 600],
      [50, 1000],
    ]),
    excess_per_lb_cents: jmd(25),
  },
  storage: { free_days: 7, per_day_cents: jmd(150) },
  exchange_rate: '157.2500',
};

const blueAir = {
  brackets: brackets([
    [1, 600],
    [2, 1000],
    [3, 1400],
    [5, 2100],
    [10, 3900],
    [20, 7600],
    [30, 11000],
    [40, 15000],
    [50, 19000],
  ]),
  excess_per_lb_cents: jmd(400),
  minimum_cents: 0,
};

/** Blue Parcel (the second demo company) prices a little differently, so tenancy shows on the fee page too. */
export const BLUE_PARCEL_RATES: RateSet = {
  freight: { air: blueAir, sea: blueAir },
  handling: {
    brackets: brackets([
      [3, 0],
      [20, 400],
      [50, 900],
    ]),
    excess_per_lb_cents: jmd(30),
  },
  storage: { free_days: 5, per_day_cents: jmd(200) },
  exchange_rate: '156.8000',
};

/**
 * When a company's first versions take effect: before anything it could price (its packages, its invoices, a
 * backdated check), so "the rates in force" always exists.
 */
export const FIRST_VERSION_FROM = new Date('2000-01-01T00:00:00Z');
