import { companyData, mine, no, type Op, ok, staffOnly, victimRow } from './expectations';

/** Rows of the access matrix: Invoices, the duty estimator, fees and points. */
export const BILLING_OPS: Record<string, Op> = {
  'GET /v1/invoices': {
    rule: 'verified: the caller’s invoices (staff: the company’s; `customer_id` is a staff filter)',
    req: (f) => ({ url: `/v1/invoices?pageSize=100&customer_id=${f.victim.id}` }),
    expect: mine(true),
    shows: (f) => f.invoiceId,
  },
  'POST /v1/invoices': {
    rule: 'staff (verified); a customer of another company: 400',
    req: (f) => ({
      url: '/v1/invoices',
      payload: {
        customer_id: f.victim.id,
        lines: [{ type: 'other', description: 'Matrix probe', quantity: 1, unit_price_cents: 100 }],
      },
    }),
    expect: staffOnly({ staff: ok(201), admin: ok(201), platform: ok(201), blueStaff: no(400) }),
  },
  'GET /v1/invoices/{id}': {
    rule: 'verified: the customer (once issued), or staff of the company',
    req: (f) => ({ url: `/v1/invoices/${f.invoiceId}` }),
    expect: victimRow(true),
    shows: (f) => f.invoiceId,
  },
  'PUT /v1/invoices/{id}': {
    rule: 'staff (verified) of the invoice’s company',
    req: (f) => ({ url: `/v1/invoices/${f.invoiceId}`, payload: { notes: 'Matrix note' } }),
    expect: staffOnly(),
  },
  'GET /v1/invoices/{id}/pdf': {
    rule: 'verified: the customer (once issued), or staff of the company',
    req: (f) => ({ url: `/v1/invoices/${f.invoiceId}/pdf` }),
    expect: victimRow(true),
  },
  'POST /v1/invoices/{id}/send': {
    rule: 'staff (verified) of the invoice’s company',
    req: (f) => ({ url: `/v1/invoices/${f.invoiceId}/send` }),
    expect: staffOnly(),
  },

  // ---- estimator, fees, points ----------------------------------------------------------------------------------
  'GET /v1/dutycategories': {
    rule: 'verified: the company’s categories',
    req: () => ({ url: '/v1/dutycategories' }),
    expect: companyData(),
  },
  'POST /v1/dutycalculator': {
    rule: 'verified: an estimate with a category of one’s company; another company’s category: refused',
    req: (f) => ({
      url: '/v1/dutycalculator',
      payload: { category_id: f.dutyCategoryId, value_usd: 50, weight_lb: 2 },
    }),
    expect: companyData({ blue: no(400, 404), blueStaff: no(400, 404) }),
  },
  'GET /v1/fees': {
    rule: 'verified: the company’s fee schedule',
    req: () => ({ url: '/v1/fees' }),
    expect: companyData(),
  },
  'GET /v1/points': {
    rule: 'verified: the caller’s own ledger (staff too)',
    req: () => ({ url: '/v1/points?pageSize=100' }),
    expect: mine(false),
  },
  'POST /v1/admin/points/adjust': {
    rule: 'staff (verified); a customer of another company: 400',
    req: (f) => ({
      url: '/v1/admin/points/adjust',
      payload: { user_id: f.victim.id, points: 1, reason: 'Matrix probe' },
    }),
    expect: staffOnly({ staff: ok(201), admin: ok(201), platform: ok(201), blueStaff: no(400) }),
  },
};
