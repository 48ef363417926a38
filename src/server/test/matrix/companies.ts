import { adminOnly, mine, no, type Op, ok, open, own, superadminOnly, victimRow } from './expectations';
import { uniq } from './fixture-types';

/** Rows of the access matrix: Companies, reference data, menus and users. */
export const COMPANY_OPS: Record<string, Op> = {
  'GET /v1/companies/me': {
    rule: 'public: the host’s company',
    req: () => ({ url: '/v1/companies/me' }),
    expect: open(true),
  },
  'GET /v1/companies': {
    rule: 'platform superadmin only',
    req: () => ({ url: '/v1/companies' }),
    expect: superadminOnly(),
    allCompanies: true,
    shows: (f) => f.blueCompanyId,
  },
  'POST /v1/companies': {
    rule: 'platform superadmin only',
    req: () => {
      const slug = `matrix-${uniq()}`;
      return {
        url: '/v1/companies',
        payload: {
          name: `Matrix Co ${slug}`,
          slug,
          hostnames: [`${slug}.example.test`],
          warehouse_address: {
            line1: '1 Matrix Way',
            line2: '',
            city: 'Doral',
            state: 'FL',
            postal_code: '33122',
            country: 'United States',
            phone: '305-555-0100',
          },
          mailbox_prefix: 'MTX',
        },
      };
    },
    expect: superadminOnly({ platform: ok(201) }),
    allCompanies: true,
  },
  'GET /v1/companies/{id}': {
    rule: 'signed in, verified or not (README: unverified users may read only me and the menus): one’s own company (the superadmin: any); another company’s id: 404',
    req: (f) => ({ url: `/v1/companies/${f.demoCompanyId}` }),
    expect: victimRow(true, { owner: own(), neighbour: own(), unverified: own() }),
  },
  'GET /v1/settings': {
    rule: 'company admin (verified): the company’s settings; the other company’s admin on its own host: its own',
    req: () => ({ url: '/v1/settings' }),
    expect: adminOnly({ blueStaff: own() }),
  },
  'PUT /v1/settings': {
    rule: 'company admin (verified): changes the company’s settings (audited); the other company’s admin on its own host: its own',
    req: (_f, c) => ({
      url: '/v1/settings',
      payload: {
        payment: {
          bank_transfer: {
            bank_name: 'Matrix Bank',
            account_name: `Matrix ${c}`,
            account_number: '000-000',
            branch: 'Matrix',
            account_type: 'Current',
          },
          counter: `Pay at the matrix counter (${c})`,
          online_url: '',
          overdue: 'Held until paid.',
        },
      },
    }),
    expect: adminOnly({ blueStaff: own() }),
  },
  'GET /v1/parishes': {
    rule: 'public, platform-wide',
    req: () => ({ url: '/v1/parishes' }),
    expect: open(false),
  },
  'GET /v1/identifications': {
    rule: 'public, platform-wide',
    req: () => ({ url: '/v1/identifications' }),
    expect: open(false),
  },
  'GET /v1/package_statuses': {
    rule: 'public, platform-wide',
    req: () => ({ url: '/v1/package_statuses' }),
    expect: open(false),
  },
  'GET /v1/package_statuses/{id}': {
    rule: 'public, platform-wide',
    req: () => ({ url: '/v1/package_statuses/1' }),
    expect: open(false),
  },

  // ---- menus ----------------------------------------------------------------------------------------------------
  'GET /v1/menus': {
    rule: 'signed in (verified or not): the company’s menus for the caller’s role',
    req: () => ({ url: '/v1/menus' }),
    expect: mine(false, { owner: own(), unverified: own() }),
  },
  'GET /v1/menus/{id}': {
    rule: 'signed in: a menu of one’s own company; the other company’s menu: 404',
    req: (f) => ({ url: `/v1/menus/${f.menuId}` }),
    expect: victimRow(true, { owner: own(), neighbour: own(), unverified: own() }),
  },
  'POST /v1/menuitems': {
    rule: 'company admin (verified); a menu of the other company: 400',
    req: (f) => ({
      url: '/v1/menuitems',
      payload: { menu_id: Number(f.menuId), title: 'Matrix probe', route: `/user/fees?probe=${uniq()}` },
    }),
    expect: adminOnly({ admin: ok(201), platform: ok(201), blueStaff: no(400) }),
  },
  'PUT /v1/menuitems/{id}': {
    rule: 'company admin (verified); an item of the other company: 404',
    req: (f) => ({ url: `/v1/menuitems/${f.menuItemId}`, payload: { sort_order: 999 } }),
    expect: adminOnly(),
  },
  'PUT /v1/menus/{id}/order': {
    rule: 'company admin (verified): the admin menu in its own order (every item once); the other company’s menu: 404',
    req: (f) => ({ url: `/v1/menus/${f.adminMenu.id}/order`, payload: { items: f.adminMenu.items } }),
    expect: adminOnly(),
  },
  'DELETE /v1/menuitems/{id}': {
    rule: 'company admin (verified); an item of the other company: 404',
    req: (f, c) => ({ url: `/v1/menuitems/${f.menuItemFor[c] ?? f.menuItemId}` }),
    expect: adminOnly(),
  },

  // ---- users ----------------------------------------------------------------------------------------------------
  'GET /v1/users': {
    rule: 'signed in, verified or not (README: unverified users may read only me and the menus): staff list their company’s users; anyone else gets only themself',
    req: (f) => ({ url: `/v1/users?q=${encodeURIComponent(f.victim.email)}` }),
    expect: mine(true, { unverified: own() }),
    shows: (f) => f.victim.id,
  },
  'GET /v1/users/{id}': {
    rule: 'signed in: oneself, or staff for a user of their company; others: 404',
    req: (f) => ({ url: `/v1/users/${f.victim.id}` }),
    expect: victimRow(true, { unverified: no(404) }),
    shows: (f) => f.victim.email,
  },
};
