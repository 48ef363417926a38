import { DEFAULT_RATES } from '../../rates/defaults';
import { adminOnly, no, type Op, ok, own } from './expectations';
import { uniq } from './fixture-types';

/** Rows of the access matrix: effective-dated rates and duty categories (company admins only). */

const NO_ID = 2_147_483_647;
/** A start tomorrow or later, different for every call (two versions may not start at the same instant). */
const later = () =>
  new Date(Date.now() + 86_400_000 + (Number.parseInt(uniq(), 16) % 1_000_000_000)).toISOString();
const categoryRates = () => ({
  name: 'Matrix goods',
  description: '',
  duty_rate: '0.20',
  gct_rate: '0.15',
  effective_from: later(),
});

export const RATES_OPS: Record<string, Op> = {
  'GET /v1/admin/rates': {
    rule: 'company admin (verified): the company’s rate versions; the other company’s admin on its own host: its own',
    req: () => ({ url: '/v1/admin/rates' }),
    expect: adminOnly({ blueStaff: own() }),
  },
  'POST /v1/admin/rates': {
    rule: 'company admin (verified): a new rate version from a later time (audited); the other company’s admin: its own',
    req: () => ({ url: '/v1/admin/rates', payload: { rates: DEFAULT_RATES, effective_from: later() } }),
    expect: adminOnly({ admin: ok(201), platform: ok(201), blueStaff: own(201) }),
  },
  'DELETE /v1/admin/rates/{id}': {
    rule: 'company admin (verified): a scheduled version of the company; another (here: none) is not found',
    req: () => ({ url: `/v1/admin/rates/${NO_ID}` }),
    expect: adminOnly({ admin: no(404), platform: no(404), blueStaff: no(404) }),
  },
  'POST /v1/admin/rates/preview': {
    rule: 'company admin (verified): a sample parcel under draft rates; a category of the other company: 400',
    req: (f) => ({
      url: '/v1/admin/rates/preview',
      payload: {
        rates: DEFAULT_RATES,
        sample: { weight_lb: 2, value_usd: 150, shipping_method: 'air', category_id: f.dutyCategoryId },
      },
    }),
    expect: adminOnly({ blueStaff: no(400) }),
  },
  'GET /v1/admin/duty-categories': {
    rule: 'company admin (verified): the company’s duty categories, retired ones included; the other company’s admin: its own',
    req: () => ({ url: '/v1/admin/duty-categories' }),
    expect: adminOnly({ blueStaff: own() }),
  },
  'POST /v1/admin/duty-categories': {
    rule: 'company admin (verified): adds a category to the company (audited); the other company’s admin: to its own',
    req: () => ({ url: '/v1/admin/duty-categories', payload: { code: `m_${uniq()}`, ...categoryRates() } }),
    expect: adminOnly({ admin: ok(201), platform: ok(201), blueStaff: own(201) }),
  },
  'PUT /v1/admin/duty-categories/{id}': {
    rule: 'company admin (verified): new rates for a category of the company from a later time; the other company’s: 404',
    req: (f) => ({ url: `/v1/admin/duty-categories/${f.dutyCategoryId}`, payload: categoryRates() }),
    expect: adminOnly(),
  },
  'POST /v1/admin/duty-categories/{id}/retire': {
    rule: 'company admin (verified): retires a category of the company; another (here: none) is not found',
    req: () => ({ url: `/v1/admin/duty-categories/${NO_ID}/retire` }),
    expect: adminOnly({ admin: no(404), platform: no(404), blueStaff: no(404) }),
  },
};
