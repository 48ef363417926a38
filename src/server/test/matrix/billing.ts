import { companyData, mine, no, type Op, ok, own, staffOnly, victimRow } from './expectations';

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
    req: (f) => ({
      url: `/v1/invoices/${f.invoiceId}`,
      payload: { notes: 'Matrix note', revision_note: 'Matrix revision' },
    }),
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

  'GET /v1/admin/invoices/stats': {
    rule: 'staff (verified): the stat cards of their own company’s invoices',
    req: (f) => ({ url: `/v1/admin/invoices/stats?customer_id=${f.victim.id}` }),
    expect: staffOnly({ blueStaff: own() }),
  },
  'POST /v1/admin/invoices/preview': {
    rule: 'staff (verified): prices a form with their company’s tax rate; saves nothing',
    req: () => ({
      url: '/v1/admin/invoices/preview',
      payload: {
        lines: [{ type: 'other', description: 'Matrix probe', quantity: 2, unit_price_cents: 100 }],
      },
    }),
    expect: staffOnly({ blueStaff: own() }),
  },
  'GET /v1/admin/invoices/unbilled': {
    rule: 'staff (verified) of the customer’s company; a customer of another company: 400',
    req: (f) => ({ url: `/v1/admin/invoices/unbilled?customer_id=${f.victim.id}` }),
    expect: staffOnly({ blueStaff: no(400) }),
  },
  'GET /v1/invoices/{id}/mail': {
    rule: 'staff (verified) of the invoice’s company',
    req: (f) => ({ url: `/v1/invoices/${f.invoiceId}/mail` }),
    expect: staffOnly(),
  },
  'POST /v1/admin/invoices/send': {
    rule: 'staff (verified): another company’s invoice is reported not found, never sent',
    req: (f) => ({ url: '/v1/admin/invoices/send', payload: { ids: [f.invoiceId] } }),
    expect: staffOnly({ blueStaff: own() }),
  },
  'POST /v1/invoices/{id}/issue': {
    rule: 'staff (verified) of the invoice’s company',
    req: (f, c) => ({ url: `/v1/invoices/${f.invoiceFor[c]?.toIssue ?? f.invoiceId}/issue` }),
    expect: staffOnly(),
  },
  'POST /v1/invoices/{id}/duplicate': {
    rule: 'staff (verified) of the invoice’s company',
    req: (f) => ({ url: `/v1/invoices/${f.invoiceId}/duplicate` }),
    expect: staffOnly({ staff: ok(201), admin: ok(201), platform: ok(201) }),
  },
  'DELETE /v1/invoices/{id}': {
    rule: 'staff (verified) of the invoice’s company (drafts only)',
    req: (f, c) => ({ url: `/v1/invoices/${f.invoiceFor[c]?.draft ?? f.invoiceId}` }),
    expect: staffOnly(),
  },
  'POST /v1/invoices/{id}/cancel': {
    rule: 'staff (verified) of the invoice’s company',
    req: (f, c) => ({
      url: `/v1/invoices/${f.invoiceFor[c]?.toCancel ?? f.invoiceId}/cancel`,
      payload: { reason: 'Matrix cancel' },
    }),
    expect: staffOnly(),
  },
  'POST /v1/invoices/{id}/payments': {
    rule: 'staff (verified) of the invoice’s company',
    req: (f, c) => ({
      url: `/v1/invoices/${f.invoiceFor[c]?.open ?? f.invoiceId}/payments`,
      payload: { amount_cents: 100, method: 'cash' },
    }),
    expect: staffOnly({ staff: ok(201), admin: ok(201), platform: ok(201) }),
  },
  'POST /v1/invoices/{id}/payments/{paymentId}/reverse': {
    rule: 'staff (verified) of the invoice’s company',
    req: (f, c) => {
      const mine = f.invoiceFor[c] ?? f.invoiceFor.admin;
      return {
        url: `/v1/invoices/${mine?.paid ?? f.invoiceId}/payments/${mine?.paymentId ?? f.invoiceId}/reverse`,
        payload: { reason: 'Matrix reversal' },
      };
    },
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
