import { adminOnly, companyData, no, type Op, ok, open, own, staffOnly, victimRow } from './expectations';
import { CALLERS } from './fixture-types';

/** Every caller on a company's host (an unknown host is refused before any route). */
const ALL_ON_HOSTS = CALLERS.filter((k) => k !== 'anonUnknown');
/** An attempt of the demo company named on the other company's host: not found there. */
const BLUE_HOST_NOT_FOUND = { blue: no(404), blueStaff: no(404), anonBlue: no(404), ownerOnBlue: no(404) };

/** Rows of the access matrix: online payments (checkout, attempts, the provider's return, the test page, settings). */
export const PAYMENT_OPS: Record<string, Op> = {
  'GET /v1/payments/options': {
    rule: 'verified: how the caller’s company takes online payments (nothing of anyone)',
    req: () => ({ url: '/v1/payments/options' }),
    expect: companyData(),
  },
  'POST /v1/payments/checkout': {
    rule: 'verified: only the caller’s own invoices; anyone else’s (staff included) reads as not found',
    req: (f) => ({ url: '/v1/payments/checkout', payload: { invoice_ids: [f.payInvoiceId] } }),
    expect: victimRow(false, { owner: ok(201) }),
    shows: (f) => f.payInvoiceId,
  },
  'GET /v1/payments/attempts/{id}': {
    rule: 'verified: the customer’s own attempt, or staff of the company; others: not found',
    req: (f) => ({ url: `/v1/payments/attempts/${f.paymentAttemptId}` }),
    expect: victimRow(true),
    shows: (f) => f.paymentAttemptId,
  },
  'GET /v1/payments/attempts': {
    rule: 'staff (verified): their own company’s attempts',
    req: () => ({ url: '/v1/payments/attempts?pageSize=100' }),
    expect: staffOnly({ blueStaff: own() }),
    shows: (f) => f.paymentAttemptId,
  },
  'GET /v1/payments/return/{provider}': {
    rule: 'public: the browser back from a provider; a result that does not verify changes nothing (303 either way)',
    req: (f) => ({
      url: `/v1/payments/return/test?attempt=${f.paymentAttemptId}&outcome=approved&sig=forged`,
    }),
    expect: open(true, Object.fromEntries(ALL_ON_HOSTS.map((k) => [k, own(303)]))),
  },
  'GET /v1/payments/test/{id}': {
    rule: 'public: the test provider’s page of an attempt on its company’s host; elsewhere not found',
    req: (f) => ({ url: `/v1/payments/test/${f.paymentAttemptId}` }),
    expect: open(true, BLUE_HOST_NOT_FOUND),
  },
  'POST /v1/payments/test/{id}': {
    rule: 'public: the test page’s form (a declining card here); elsewhere not found',
    req: (f) => ({
      url: `/v1/payments/test/${f.paymentAttemptId}`,
      payload: { card_number: '4000000000000002' },
    }),
    expect: open(true, {
      ...Object.fromEntries(ALL_ON_HOSTS.map((k) => [k, own(200, 303)])),
      ...BLUE_HOST_NOT_FOUND,
    }),
  },
  'GET /v1/settings/payments': {
    rule: 'admin (verified): their own company’s provider settings; the key is never shown',
    req: () => ({ url: '/v1/settings/payments' }),
    expect: adminOnly({ blueStaff: own() }),
  },
  'PUT /v1/settings/payments': {
    rule: 'admin (verified): their own company’s provider settings, audited',
    req: () => ({ url: '/v1/settings/payments', payload: { provider: 'test' } }),
    expect: adminOnly({ blueStaff: own() }),
  },
};
