import { adminOnly, type Op, type Outcome, own, staffOnly } from './expectations';

/**
 * Rows of the access matrix: staff's customer records and pre-alert matching. The account actions work on the
 * fixtures' token user (not the victim, whose sessions the matrix relies on); these rows come last in TABLE, so
 * their allowed calls run after the auth rows have used that user's email tokens.
 */

/** Allowed: the first allowed caller changes the row, the next ones find it already changed (409). */
const okOrTaken: Outcome = { status: [200, 409], sees: true };

export const CUSTOMER_OPS: Record<string, Op> = {
  'GET /v1/admin/customers': {
    rule: 'staff (verified): the company’s accounts; another company’s staff see their own',
    req: (f) => ({ url: `/v1/admin/customers?q=${encodeURIComponent(f.victim.mailbox)}` }),
    shows: (f) => f.victim.id,
    expect: staffOnly({ blueStaff: own() }),
  },
  'GET /v1/admin/customers/{id}': {
    rule: 'staff (verified) of the customer’s company; others 404',
    req: (f) => ({ url: `/v1/admin/customers/${f.victim.id}` }),
    shows: (f) => f.victim.id,
    expect: staffOnly(),
  },
  'POST /v1/admin/customers/{id}/verify': {
    rule: 'staff (verified) of the customer’s company',
    req: (f) => ({ url: `/v1/admin/customers/${f.tokenUser.id}/verify` }),
    expect: staffOnly(),
  },
  'POST /v1/admin/customers/{id}/resend-verification': {
    rule: 'staff (verified) of the customer’s company (already verified here: nothing is sent)',
    req: (f) => ({ url: `/v1/admin/customers/${f.tokenUser.id}/resend-verification` }),
    expect: staffOnly(),
  },
  'POST /v1/admin/customers/{id}/password-reset': {
    rule: 'staff (verified) of the customer’s company',
    req: (f) => ({ url: `/v1/admin/customers/${f.tokenUser.id}/password-reset` }),
    expect: staffOnly(),
  },
  'PUT /v1/admin/customers/{id}/role': {
    rule: 'admins of the customer’s company only',
    req: (f) => ({ url: `/v1/admin/customers/${f.tokenUser.id}/role`, payload: { role: 'customer' } }),
    expect: adminOnly(),
  },
  'POST /v1/admin/customers/{id}/deactivate': {
    rule: 'staff (verified) of the customer’s company',
    req: (f) => ({ url: `/v1/admin/customers/${f.tokenUser.id}/deactivate` }),
    expect: staffOnly(),
  },
  'POST /v1/admin/customers/{id}/reactivate': {
    rule: 'staff (verified) of the customer’s company',
    req: (f) => ({ url: `/v1/admin/customers/${f.tokenUser.id}/reactivate` }),
    expect: staffOnly(),
  },
  'GET /v1/admin/prealerts/unmatched': {
    rule: 'staff (verified): the company’s pending pre-alerts; another company’s staff see their own',
    req: () => ({ url: '/v1/admin/prealerts/unmatched?pageSize=100' }),
    expect: staffOnly({ blueStaff: own() }),
  },
  'GET /v1/admin/packages/without-prealert': {
    rule: 'staff (verified): the company’s received packages without a pre-alert; another company’s staff see theirs',
    req: () => ({ url: '/v1/admin/packages/without-prealert?pageSize=100' }),
    expect: staffOnly({ blueStaff: own() }),
  },
  'POST /v1/admin/prealerts/{id}/match': {
    rule: 'staff (verified) of the pre-alert’s company (the owner cancelled it earlier in the run: 409)',
    req: (f) => ({
      url: `/v1/admin/prealerts/${f.pendingPrealertId}/match`,
      payload: { package_id: f.statusPackageId },
    }),
    expect: staffOnly({ staff: okOrTaken, admin: okOrTaken, platform: okOrTaken }),
  },
  'POST /v1/admin/prealerts/{id}/cancel': {
    rule: 'staff (verified) of the pre-alert’s company',
    req: (f) => ({
      url: `/v1/admin/prealerts/${f.pendingPrealertId}/cancel`,
      payload: { reason: 'Matrix: duplicate pre-alert' },
    }),
    expect: staffOnly({ staff: okOrTaken, admin: okOrTaken, platform: okOrTaken }),
  },
};
