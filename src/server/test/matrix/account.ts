import { mine, no, type Op, ok, own, ROLE_OF, staffOnly, victimRow } from './expectations';
import { uniq } from './fixture-types';

/** Rows of the access matrix: Authorized persons, purchase requests, profile, summary and notifications. */
export const ACCOUNT_OPS: Record<string, Op> = {
  'GET /v1/authorizedpersons': {
    rule: 'verified: the caller’s own (staff too)',
    req: () => ({ url: '/v1/authorizedpersons' }),
    expect: mine(false),
    shows: (f) => f.authorizedPersonId,
  },
  'POST /v1/authorizedpersons': {
    rule: 'verified: adds one of the caller’s own (a body naming the victim is ignored, not obeyed)',
    req: (f, c) => ({
      url: '/v1/authorizedpersons',
      payload: {
        ...(c === 'owner' ? {} : { user_id: f.victim.id, company_id: f.demoCompanyId }),
        full_name: 'Matrix Probe',
        identification_id: 1,
        id_number: `MP${uniq()}`,
        phone: '876-555-0166',
        relationship: 'Friend',
      },
    }),
    expect: mine(false, {
      owner: ok(201),
      neighbour: own(201),
      staff: own(201),
      admin: own(201),
      platform: own(201),
      blue: own(201),
      blueStaff: own(201),
    }),
  },
  'PUT /v1/authorizedpersons/{id}': {
    rule: 'verified: the owner only (staff: 404)',
    req: (f) => ({
      url: `/v1/authorizedpersons/${f.authorizedPersonId}`,
      payload: { relationship: 'Sibling' },
    }),
    expect: victimRow(false),
  },
  'DELETE /v1/authorizedpersons/{id}': {
    rule: 'verified: the owner only (staff: 404)',
    req: (f) => ({ url: `/v1/authorizedpersons/${f.authorizedPersonToDeleteId}` }),
    expect: victimRow(false),
  },

  // ---- purchase requests ----------------------------------------------------------------------------------------
  // Keyed as the document writes the paths (no trailing slash), called as the spec writes them (with it).
  'GET /v1/purchaserequests': {
    rule: 'verified: the caller’s requests (staff: the company’s)',
    req: () => ({ url: '/v1/purchaserequests/?pageSize=100' }),
    expect: mine(true),
    shows: (f) => f.purchaseRequestId,
  },
  'POST /v1/purchaserequests': {
    rule: 'verified: a request of the caller’s own (a body naming the victim is ignored, not obeyed)',
    req: (f, c) => ({
      url: '/v1/purchaserequests/',
      payload: {
        ...(c === 'owner' ? {} : { user_id: f.victim.id, company_id: f.demoCompanyId }),
        product_url: `https://shop.example.com/p/${uniq()}`,
        item_name: 'Matrix probe',
        quantity: 1,
      },
    }),
    expect: mine(false, {
      owner: ok(201),
      neighbour: own(201),
      staff: own(201),
      admin: own(201),
      platform: own(201),
      blue: own(201),
      blueStaff: own(201),
    }),
  },
  'DELETE /v1/purchaserequests/{id}': {
    rule: 'verified: the owner only, while requested (staff: 404)',
    req: (f) => ({ url: `/v1/purchaserequests/${f.purchaseRequestToDeleteId}` }),
    expect: victimRow(false),
  },
  'PUT /v1/purchaserequests/{id}/quote': {
    rule: 'staff (verified) of the request’s company',
    req: (f) => ({
      url: `/v1/purchaserequests/${f.purchaseRequestId}/quote`,
      payload: { quoted_total_cents: 5000 },
    }),
    expect: staffOnly(),
  },

  // ---- profile, summary, notifications --------------------------------------------------------------------------
  'GET /v1/profile': {
    rule: 'verified: the caller’s own profile',
    req: () => ({ url: '/v1/profile' }),
    expect: mine(false),
    shows: (f) => f.victim.mailbox,
  },
  'PUT /v1/profile': {
    rule: 'verified: the caller’s own profile',
    req: () => ({ url: '/v1/profile', payload: { address: '99 Matrix Road, Kingston' } }),
    expect: mine(false),
  },
  'PUT /v1/profile #mass-assignment': {
    rule: 'verified: the caller’s own profile; role, superadmin, email, mailbox, company in the body are ignored',
    req: (f) => ({
      url: '/v1/profile',
      payload: {
        address: '98 Matrix Road, Kingston',
        id: f.victim.id,
        role: 'admin',
        is_superadmin: true,
        email: f.victim.email,
        mailbox_number: f.victim.mailbox,
        company_id: f.blueCompanyId,
        email_verified: true,
      },
    }),
    expect: mine(false),
    check: (res, f, c) => {
      if (res.statusCode !== 200) return undefined;
      const u = (
        res.json() as { data: { user: { id: string; role: string; is_superadmin: boolean; email: string } } }
      ).data.user;
      const role = ROLE_OF[c];
      if (u.role !== role || u.is_superadmin !== (c === 'platform'))
        return `took role ${u.role}/${u.is_superadmin}`;
      if (c !== 'owner' && (u.id === f.victim.id || u.email === f.victim.email)) return 'became the victim';
      return undefined;
    },
  },
  'POST /v1/profile/password': {
    rule: 'verified: the caller’s own password, with the current one (here the victim’s: wrong for others)',
    req: () => ({
      url: '/v1/profile/password',
      payload: { current_password: 'demo-customer-1', new_password: 'matrix-new-pass-42' },
    }),
    // The other company's demo customer happens to share the victim's demo password: they change their own.
    expect: mine(false, {
      neighbour: no(400, 401, 403),
      staff: no(400, 401, 403),
      admin: no(400, 401, 403),
      platform: no(400, 401, 403),
      blueStaff: no(400, 401, 403),
    }),
  },
  'GET /v1/account/summary': {
    rule: 'verified: the caller’s own figures',
    req: () => ({ url: '/v1/account/summary' }),
    expect: mine(false),
  },
  'GET /v1/notifications': {
    rule: 'verified: the caller’s own notifications',
    req: () => ({ url: '/v1/notifications?pageSize=100' }),
    expect: mine(false),
    shows: (f) => f.notificationId,
  },
  'POST /v1/notifications/{id}/read': {
    rule: 'verified: the owner only (staff: 404)',
    req: (f) => ({ url: `/v1/notifications/${f.notificationId}/read` }),
    expect: victimRow(false),
  },
  'POST /v1/notifications/read-all': {
    rule: 'verified: the caller’s own notifications',
    req: () => ({ url: '/v1/notifications/read-all' }),
    expect: mine(false),
  },
};
