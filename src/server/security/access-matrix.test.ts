import { createHash } from 'node:crypto';
import { like } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { multipart } from '../test/multipart';
import {
  buildFixtures,
  CALLERS,
  type CallerKey,
  emailTokenState,
  type Fixtures,
  type Form,
  HOST,
  markedPdf,
  refreshState,
  uniq,
} from './matrix-fixtures';

/**
 * The access-control matrix: every operation of the served OpenAPI document (and the hidden routes that matter),
 * called by every kind of caller (CALLERS in ./matrix-fixtures) on the victim's rows (the demo customer's on
 * `localhost`). TABLE says, per "METHOD path", who may call it and what everyone else gets; keys with a " #probe"
 * suffix are further probes of the same operation (the other company's rows named here, mass assignment).
 *
 * - Allowed callers get their 2xx; everyone else a refusal in the error envelope, or a 2xx about themselves.
 * - Leaks: no reply (body or headers) to a caller who may not see the victim carries any of the victim's identifying
 *   values (ids, tracking numbers, email, mailbox, names, file bytes, refresh tokens) beyond what the caller sent,
 *   and no reply on one company's host carries the other company's values.
 * - Writes: every refused or caller-scoped call runs first; the victim's state (read back through the API as the
 *   owner, staff and the superadmin, plus their sessions and tokens) must be unchanged; only then do the allowed
 *   callers make their calls, one by one, and the state must then have moved (so the comparison has teeth).
 * - Coverage: an operation of the OpenAPI document missing from TABLE, or one in TABLE the app no longer serves,
 *   fails the run.
 */

/** What one caller must get: the allowed statuses, and whether the reply may show the victim's rows. */
type Outcome = {
  status: readonly number[];
  /** True for callers allowed to see the victim's data (the owner; staff of the company on staff-visible rows). */
  sees: boolean;
};
/** Allowed: may show the victim's rows; runs after every refused call. */
const ok = (status = 200): Outcome => ({ status: [status], sees: true });
/** A 2xx about the caller's own account or company: must not show the victim. */
const own = (...status: number[]): Outcome => ({ status: status.length ? status : [200], sees: false });
/** Refused, in the error envelope. */
const no = (...status: number[]): Outcome => ({ status, sees: false });

type Expectations = Record<CallerKey, Outcome>;
type Overrides = Partial<Expectations>;

/** Callers without a session valid on this host: never past the door. */
const SIGNED_OUT: Pick<
  Expectations,
  | 'blueOnHost'
  | 'blueStaffOnHost'
  | 'anon'
  | 'anonBlue'
  | 'anonUnknown'
  | 'anonRemote'
  | 'ownerOnBlue'
  | 'deactivated'
> = {
  blueOnHost: no(401),
  blueStaffOnHost: no(401),
  anon: no(401),
  anonBlue: no(401),
  // No company on the host: the tenant is resolved before the token is even read.
  anonUnknown: no(404),
  anonRemote: no(401),
  ownerOnBlue: no(401),
  deactivated: no(401),
};

/** The demoted staffer is a customer now: whatever the neighbour gets, unless the table says otherwise. */
const asCustomer = (e: Omit<Expectations, 'demoted'> & { demoted?: Outcome }): Expectations => ({
  ...e,
  demoted: e.demoted ?? e.neighbour,
});

/** A row of the victim addressed by id: the owner (and, where they may, staff of the company); others: not found. */
function victimRow(staffMay: boolean, o: Overrides = {}): Expectations {
  const staff = staffMay ? ok() : no(404);
  return asCustomer({
    owner: ok(),
    neighbour: no(404),
    unverified: no(403),
    staff,
    admin: staff,
    platform: staff,
    blue: no(404),
    blueStaff: no(404),
    ...SIGNED_OUT,
    ...o,
  });
}

/** The caller's own list or record: everyone verified gets theirs; staff the company's when `staffSeesAll`. */
function mine(staffSeesAll: boolean, o: Overrides = {}): Expectations {
  const staff = staffSeesAll ? ok() : own();
  return asCustomer({
    owner: ok(),
    neighbour: own(),
    unverified: no(403),
    staff,
    admin: staff,
    platform: staff,
    blue: own(),
    blueStaff: own(),
    ...SIGNED_OUT,
    ...o,
  });
}

/** Company-wide data any verified user of the company may read (fees, duty categories): nothing of the victim. */
function companyData(o: Overrides = {}): Expectations {
  return mine(false, { owner: own(), ...o });
}

/** Staff (roles staff/admin) on the victim's rows; the other company's staff: not found (400 when a body names it). */
function staffOnly(o: Overrides = {}): Expectations {
  return asCustomer({
    owner: no(403),
    neighbour: no(403),
    unverified: no(403),
    staff: ok(),
    admin: ok(),
    platform: ok(),
    blue: no(403),
    blueStaff: no(404),
    ...SIGNED_OUT,
    ...o,
  });
}

function adminOnly(o: Overrides = {}): Expectations {
  return staffOnly({ staff: no(403), ...o });
}

/** The platform superadmin only. */
function superadminOnly(o: Overrides = {}): Expectations {
  return asCustomer({
    owner: no(403),
    neighbour: no(403),
    unverified: no(403),
    staff: no(403),
    admin: no(403),
    platform: ok(),
    blue: no(403),
    blueStaff: no(403),
    ...SIGNED_OUT,
    ...o,
  });
}

/**
 * Mirror probes: a row of the other company (its customer's), called on this host. Nobody here may reach it, staff
 * and the superadmin included (404, or 400 when a body names it); on its own host it is its owner's business.
 */
function otherCompanyRow(o: Overrides = {}): Expectations {
  return asCustomer({
    owner: no(404),
    neighbour: no(404),
    unverified: no(403),
    staff: no(404),
    admin: no(404),
    platform: no(404),
    blue: own(),
    blueStaff: own(),
    ...SIGNED_OUT,
    ...o,
  });
}

/** Mirror probes of staff operations: this company's staff (and the superadmin) refused; the other's staff served. */
function otherCompanyStaffOp(o: Overrides = {}): Expectations {
  return otherCompanyRow({
    owner: no(403),
    neighbour: no(403),
    blue: no(403),
    ...o,
  });
}

/** Public: everyone gets a 2xx about the host's company (or platform-wide data); an unknown host gets 404. */
function open(tenantScoped: boolean, o: Overrides = {}): Expectations {
  const all = Object.fromEntries(CALLERS.map((k) => [k, own()])) as Expectations;
  return { ...all, ...(tenantScoped ? { anonUnknown: no(404) } : {}), ...o };
}

/** Callers on the victim's host (the other company's tokens used here included). */
const onHost = (c: CallerKey) => !['blue', 'blueStaff', 'anonBlue', 'anonUnknown', 'ownerOnBlue'].includes(c);

type Req = { url: string; payload?: Record<string, unknown>; form?: Form; headers?: Record<string, string> };

type Op = {
  /** Who may call it, in words (the expectations say it per caller). */
  rule: string;
  req: (f: Fixtures, c: CallerKey) => Req;
  expect: Expectations;
  /** A value every allowed reply must contain: proves the call really reached the victim's rows. */
  shows?: (f: Fixtures) => string;
  /** The superadmin's view of every company: the other company's data is expected there. */
  allCompanies?: true;
  /** Not in the OpenAPI document; served all the same. */
  hidden?: true;
  /** A further check of the reply; returns a problem or undefined. */
  check?: (res: LightMyRequestResponse, f: Fixtures, c: CallerKey) => string | undefined;
};

/**
 * The local mailbox is a development tool: on this host, any loopback caller reads the company's mail (reset links
 * included), by design. The other company's host must show none of it, and a client off the machine gets nothing.
 */
const MAILBOX: Expectations = {
  ...(Object.fromEntries(CALLERS.map((k) => [k, onHost(k) ? ok() : own()])) as Expectations),
  anonUnknown: no(404),
  anonRemote: no(403, 404),
};

/** An invoice for `customerId` with one line on `packageId`: staff naming rows across companies. */
const invoiceNaming = (customerId: string, packageId: string) => ({
  url: '/v1/invoices',
  payload: {
    customer_id: customerId,
    lines: [
      {
        type: 'other',
        description: 'Matrix mirror',
        quantity: 1,
        unit_price_cents: 100,
        package_id: packageId,
      },
    ],
  },
});

const registerBody = (email: string) => ({
  first_name: 'Matrix',
  last_name: 'Probe',
  email,
  phone: '876-555-0142',
  password: 'mango-tree-42',
  parish_id: 1,
  address: '5 Barbican Road',
  // Mass assignment: none of these may take (checked in the database after the run).
  role: 'admin',
  is_superadmin: true,
  email_verified: true,
  mailbox_number: 'IEX-1',
});
const freshEmail = () => `matrix-new-${uniq()}@example.test`;
const pdfForm = (fields: Record<string, string>): Form => ({
  fields,
  files: [{ name: 'invoice.pdf', bytes: markedPdf(`matrix-upload-${uniq()}`), type: 'application/pdf' }],
});
/** The real role of each signed-in caller (the demoted staffer is a customer now). */
const ROLE_OF: Partial<Record<CallerKey, string>> = {
  owner: 'customer',
  neighbour: 'customer',
  staff: 'staff',
  admin: 'admin',
  platform: 'admin',
  blue: 'customer',
  blueStaff: 'admin',
  demoted: 'customer',
};
const STATUS_BY_CALLER: Partial<Record<CallerKey, string>> = {
  staff: 'in_transit',
  admin: 'at_customs',
  platform: 'ready_for_pickup',
};

/**
 * The matrix, keyed "METHOD path" as the OpenAPI document spells it. Order matters only for the allowed calls,
 * which run one by one in this order after every refused call: the owner's sessions are refreshed and signed out
 * before the owner changes their password (which ends their other sessions).
 */
const TABLE: Record<string, Op> = {
  // ---- auth -----------------------------------------------------------------------------------------------------
  'POST /v1/auth/register': {
    rule: 'public; on this host the probe uses the victim’s email (must not reveal the account)',
    req: (f, c) => ({
      url: '/v1/auth/register',
      payload: registerBody(onHost(c) ? f.victim.email : freshEmail()),
    }),
    expect: {
      ...Object.fromEntries(CALLERS.map((k) => [k, own(201)])),
      anonUnknown: no(404),
    } as Expectations,
    check: (res, _f, c) =>
      onHost(c) && res.statusCode === 201 && /access_token|refresh_token/.test(res.body)
        ? 'signing up with an existing email handed out tokens'
        : undefined,
  },
  'POST /v1/auth/login': {
    rule: 'public; the owner with their password; wrong password, or the right one on the other host: 401',
    req: (f, c) => ({
      url: '/v1/auth/login',
      payload: {
        email: f.victim.email,
        password: c === 'owner' || !onHost(c) ? 'demo-customer-1' : 'not-the-password-1',
      },
    }),
    expect: {
      ...Object.fromEntries(CALLERS.map((k) => [k, no(401)])),
      owner: ok(),
      anonUnknown: no(404),
    } as Expectations,
    shows: (f) => f.victim.id,
  },
  'POST /v1/auth/refresh': {
    rule: 'public; the holder of the refresh token on its company’s host; the victim’s token elsewhere: 401',
    req: (f, c) => ({
      url: '/v1/auth/refresh',
      payload: {
        refreshToken: c === 'owner' || !onHost(c) ? f.sessions.ownerRefresh.refresh : `bogus-${uniq()}-token`,
      },
    }),
    expect: {
      ...Object.fromEntries(CALLERS.map((k) => [k, no(401)])),
      owner: ok(),
      anonUnknown: no(404),
    } as Expectations,
    shows: (f) => f.victim.id,
  },
  'POST /v1/auth/logout': {
    rule: 'public; always 200, but the victim’s token presented on the other host must not be revoked',
    req: (f, c) =>
      c === 'owner' || !onHost(c)
        ? { url: '/v1/auth/logout', payload: { refreshToken: f.sessions.ownerLogout.refresh } }
        : { url: '/v1/auth/logout', payload: {} },
    expect: open(true, { owner: ok() }),
  },
  'POST /v1/auth/verification': {
    rule: 'public; a verification token works on its company’s host only (anonymous on this host uses it)',
    req: (f, c) => ({
      url: '/v1/auth/verification',
      payload: { token: c === 'anon' || !onHost(c) ? f.tokenUser.verifyToken : `bogus-${uniq()}-token` },
    }),
    expect: {
      ...Object.fromEntries(CALLERS.map((k) => [k, no(400)])),
      anon: ok(),
      anonUnknown: no(404),
    } as Expectations,
    shows: (f) => f.tokenUser.id,
  },
  'POST /v1/auth/passwordReset': {
    rule: 'public; the same reply for any email, on any company’s host',
    req: (f) => ({ url: '/v1/auth/passwordReset', payload: { email: f.victim.email } }),
    expect: open(true),
  },
  'POST /v1/auth/Resetpassword': {
    rule: 'public; a reset token works on its company’s host only (anonymous on this host uses it)',
    req: (f, c) => ({
      url: '/v1/auth/Resetpassword',
      payload: {
        token: c === 'anon' || !onHost(c) ? f.tokenUser.resetToken : `bogus-${uniq()}-token`,
        password: 'matrix-reset-pass-42',
      },
    }),
    expect: {
      ...Object.fromEntries(CALLERS.map((k) => [k, no(400)])),
      anon: ok(),
      anonUnknown: no(404),
    } as Expectations,
  },
  'GET /v1/auth/me': {
    rule: 'signed in (verified or not): the caller’s own record',
    req: () => ({ url: '/v1/auth/me' }),
    expect: mine(false, { unverified: own() }),
    shows: (f) => f.victim.email,
  },
  'POST /api/v1/emailtemplates/send-verification-email/{id}': {
    rule: 'signed in: for oneself, or staff for a user of their company; others: 404',
    req: (f) => ({ url: `/api/v1/emailtemplates/send-verification-email/${f.victim.id}` }),
    expect: victimRow(true, { unverified: no(404) }),
  },

  // ---- companies and reference data -----------------------------------------------------------------------------
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
      payload: { menu_id: Number(f.menuId), title: 'Matrix probe', route: `/user/probe-${uniq()}` },
    }),
    expect: adminOnly({ admin: ok(201), platform: ok(201), blueStaff: no(400) }),
  },
  'PUT /v1/menuitems/{id}': {
    rule: 'company admin (verified); an item of the other company: 404',
    req: (f) => ({ url: `/v1/menuitems/${f.menuItemId}`, payload: { sort_order: 999 } }),
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

  // ---- packages, pre-alerts, receipts, files --------------------------------------------------------------------
  'GET /v1/packages': {
    rule: 'verified: the caller’s packages (staff: the company’s); a search for the victim’s tracking number',
    req: (f) => ({ url: `/v1/packages?q=${encodeURIComponent(f.packageTracking)}` }),
    expect: mine(true),
    shows: (f) => f.packageId,
  },
  'GET /v1/packages/counts': {
    rule: 'verified: counts of the caller’s packages (staff: the company’s)',
    req: () => ({ url: '/v1/packages/counts' }),
    expect: mine(true),
    // The neighbour has no packages: any count they get is someone else's.
    check: (res, _f, c) =>
      c === 'neighbour' &&
      res.statusCode === 200 &&
      (res.json() as { data: { total: number } }).data.total !== 0
        ? `the neighbour counts packages they do not have: ${res.body}`
        : undefined,
  },
  'GET /v1/packages/{id}': {
    rule: 'verified: the owner, or staff of the company',
    req: (f) => ({ url: `/v1/packages/${f.packageId}` }),
    expect: victimRow(true),
    shows: (f) => f.fileId,
  },
  'POST /v1/admin/packages/receive': {
    rule: 'staff (verified): receives a parcel for a mailbox number of the company; another company’s: 400',
    req: (f) => ({
      url: '/v1/admin/packages/receive',
      payload: {
        tracking_number: `MTX${uniq()}`.toUpperCase(),
        mailbox_number: f.victim.mailbox,
        weight: 1.5,
      },
    }),
    expect: staffOnly({ staff: ok(201), admin: ok(201), platform: ok(201), blueStaff: no(400) }),
    shows: (f) => f.victim.mailbox,
  },
  'POST /v1/admin/packages/{id}/status': {
    rule: 'staff (verified) of the package’s company',
    req: (f, c) => ({
      url: `/v1/admin/packages/${f.statusPackageId}/status`,
      payload: { status: STATUS_BY_CALLER[c] ?? 'on_hold', note: 'matrix' },
    }),
    expect: staffOnly(),
  },
  'POST /v1/peralert': {
    rule: 'verified: for oneself only; a form naming the victim: 403',
    req: (f, c) => ({
      url: '/v1/peralert',
      form: pdfForm({
        tracking_number: `MTX${uniq()}`,
        seller_name: 'Amazon',
        description: 'Matrix probe',
        weight: '1.5',
        value: '20',
        package_type: 'parcel',
        ...(c === 'owner' ? {} : { user_id: f.victim.id }),
      }),
    }),
    expect: victimRow(false, {
      owner: ok(201),
      neighbour: no(403),
      staff: no(403),
      admin: no(403),
      platform: no(403),
      blue: no(403),
      blueStaff: no(403),
    }),
  },
  'GET /v1/peralert': {
    rule: 'verified: the caller’s own pre-alerts (staff too)',
    req: () => ({ url: '/v1/peralert?pageSize=100' }),
    expect: mine(false),
    shows: (f) => f.pendingPrealertId,
  },
  'POST /v1/peralert/{id}/cancel': {
    rule: 'verified: the owner only',
    req: (f) => ({ url: `/v1/peralert/${f.pendingPrealertId}/cancel` }),
    expect: victimRow(false),
  },
  'POST /v1/packagereceipts': {
    rule: 'verified: the package’s owner, or staff of its company',
    // The owner's own earlier upload, byte for byte, with the owner's Idempotency-Key: nobody else may get its
    // stored reply (the key is per user), and the package is not theirs to add to.
    req: (f) => ({
      url: '/v1/packagereceipts',
      form: f.receiptProbe.form,
      headers: { 'idempotency-key': f.receiptProbe.key },
    }),
    expect: victimRow(true, { owner: ok(201), staff: ok(201), admin: ok(201), platform: ok(201) }),
  },
  'DELETE /v1/packagereceipts/{id}': {
    rule: 'verified: the package’s owner, or staff of its company',
    req: (f, c) => ({ url: `/v1/packagereceipts/${f.receiptFor[c] ?? f.receiptId}` }),
    expect: victimRow(true),
  },
  'GET /v1/files/{id}': {
    rule: 'verified: the file’s owner (or the owner of the package / pre-alert it is on), or staff of its company',
    req: (f) => ({ url: `/v1/files/${f.fileId}` }),
    expect: victimRow(true),
    shows: (f) => f.fileMarker,
  },

  // ---- invoices -------------------------------------------------------------------------------------------------
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

  // ---- authorized persons ---------------------------------------------------------------------------------------
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
  'GET /v1/purchaserequests/': {
    rule: 'verified: the caller’s requests (staff: the company’s)',
    req: () => ({ url: '/v1/purchaserequests/?pageSize=100' }),
    expect: mine(true),
    shows: (f) => f.purchaseRequestId,
  },
  'POST /v1/purchaserequests/': {
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

  // ---- local mailbox (only without SMTP), manifest, icons, docs -------------------------------------------------
  'GET /dev/mailbox.json': {
    rule: 'no auth, loopback callers only: the mail of the host’s company (a development tool)',
    req: () => ({ url: '/dev/mailbox.json' }),
    expect: MAILBOX,
    shows: (f) => f.victim.email,
  },
  'GET /dev/mailbox': {
    rule: 'no auth, loopback callers only: the mail of the host’s company (a development tool)',
    hidden: true,
    req: () => ({ url: '/dev/mailbox' }),
    expect: MAILBOX,
    shows: (f) => f.victim.email,
  },
  'GET /manifest.webmanifest': {
    rule: 'public: the host’s company’s install manifest (a neutral one on an unknown host)',
    hidden: true,
    req: () => ({ url: '/manifest.webmanifest' }),
    expect: open(false),
  },
  'GET /brand-icons/{name}': {
    rule: 'public: the host’s company’s icons',
    hidden: true,
    req: () => ({ url: '/brand-icons/any-192.png' }),
    expect: open(false),
  },
  'GET /docs/json': {
    rule: 'public: the OpenAPI document',
    hidden: true,
    req: () => ({ url: '/docs/json' }),
    expect: open(false),
  },
  // ---- mirror probes: the other company's rows, named on this host (keys "METHOD path #probe") ---------------
  'GET /v1/companies/{id} #other-company': {
    rule: 'the other company by id: only the superadmin here; its own users there',
    req: (f) => ({ url: `/v1/companies/${f.blueCompanyId}` }),
    expect: otherCompanyRow({ unverified: no(404), platform: ok() }),
    allCompanies: true,
  },
  'GET /v1/users/{id} #other-company': {
    rule: 'a user of the other company: not found here, staff included',
    req: (f) => ({ url: `/v1/users/${f.other.customerId}` }),
    expect: otherCompanyRow({ unverified: no(404) }),
  },
  'POST /api/v1/emailtemplates/send-verification-email/{id} #other-company': {
    rule: 'a user of the other company: not found here, staff included',
    req: (f) => ({ url: `/api/v1/emailtemplates/send-verification-email/${f.other.customerId}` }),
    expect: otherCompanyRow({ unverified: no(404) }),
  },
  'GET /v1/packages/{id} #other-company': {
    rule: 'a package of the other company: not found here, staff included',
    req: (f) => ({ url: `/v1/packages/${f.other.packageId}` }),
    expect: otherCompanyRow(),
  },
  'GET /v1/files/{id} #other-company': {
    rule: 'a file of the other company: not found here, staff included',
    req: (f) => ({ url: `/v1/files/${f.other.fileId}` }),
    expect: otherCompanyRow(),
  },
  'POST /v1/packagereceipts #other-company': {
    rule: 'a receipt on the other company’s package: not found here, staff included',
    req: (f) => ({ url: '/v1/packagereceipts', form: pdfForm({ package_id: f.other.packageId }) }),
    expect: otherCompanyRow({ blue: own(201), blueStaff: own(201) }),
  },
  'DELETE /v1/packagereceipts/{id} #other-company': {
    rule: 'a receipt of the other company: not found here, staff included',
    req: (f) => ({ url: `/v1/packagereceipts/${f.other.receiptId}` }),
    // On its own host the owner and its staff may delete it: whoever comes second finds it gone.
    expect: otherCompanyRow({ blue: own(200, 404), blueStaff: own(200, 404) }),
  },
  'POST /v1/admin/packages/{id}/status #other-company': {
    rule: 'staff: a package of the other company is not found',
    req: (f) => ({ url: `/v1/admin/packages/${f.other.packageId}/status`, payload: { status: 'on_hold' } }),
    expect: otherCompanyStaffOp(),
  },
  'POST /v1/admin/packages/receive #other-company': {
    rule: 'staff: a mailbox number of the other company is no customer here (400)',
    req: (f) => ({
      url: '/v1/admin/packages/receive',
      payload: { tracking_number: `MTX${uniq()}`.toUpperCase(), mailbox_number: f.other.mailbox, weight: 1 },
    }),
    expect: otherCompanyStaffOp({
      staff: no(400),
      admin: no(400),
      platform: no(400),
      blueStaff: own(201),
    }),
  },
  'GET /v1/invoices/{id} #other-company': {
    rule: 'an invoice of the other company: not found here, staff included',
    req: (f) => ({ url: `/v1/invoices/${f.other.invoiceId}` }),
    expect: otherCompanyRow(),
  },
  'GET /v1/invoices/{id}/pdf #other-company': {
    rule: 'an invoice of the other company: not found here, staff included',
    req: (f) => ({ url: `/v1/invoices/${f.other.invoiceId}/pdf` }),
    expect: otherCompanyRow(),
  },
  'PUT /v1/invoices/{id} #other-company': {
    rule: 'staff: an invoice of the other company is not found',
    req: (f) => ({ url: `/v1/invoices/${f.other.invoiceId}`, payload: { notes: 'Matrix mirror' } }),
    expect: otherCompanyStaffOp(),
  },
  'POST /v1/invoices/{id}/send #other-company': {
    rule: 'staff: an invoice of the other company is not found',
    req: (f) => ({ url: `/v1/invoices/${f.other.invoiceId}/send` }),
    expect: otherCompanyStaffOp(),
  },
  'POST /v1/invoices #other-company': {
    rule: 'staff: a customer (and a package) of the other company in the body: 400',
    req: (f) => invoiceNaming(f.other.customerId, f.other.packageId),
    expect: otherCompanyStaffOp({ staff: no(400), admin: no(400), platform: no(400), blueStaff: own(201) }),
  },
  'POST /v1/invoices #other-package': {
    rule: 'staff: the victim’s invoice with a line naming the other company’s package: 400',
    req: (f) => invoiceNaming(f.victim.id, f.other.packageId),
    expect: otherCompanyStaffOp({ staff: no(400), admin: no(400), platform: no(400), blueStaff: no(400) }),
  },
  'POST /v1/admin/points/adjust #other-company': {
    rule: 'staff: a customer of the other company in the body: 400',
    req: (f) => ({
      url: '/v1/admin/points/adjust',
      payload: { user_id: f.other.customerId, points: 1, reason: 'Matrix mirror' },
    }),
    expect: otherCompanyStaffOp({ staff: no(400), admin: no(400), platform: no(400), blueStaff: own(201) }),
  },
  'PUT /v1/purchaserequests/{id}/quote #other-company': {
    rule: 'staff: a request of the other company is not found',
    req: (f) => ({
      url: `/v1/purchaserequests/${f.other.purchaseRequestId}/quote`,
      payload: { quoted_total_cents: 5000 },
    }),
    expect: otherCompanyStaffOp(),
  },
  'POST /v1/menuitems #other-company': {
    rule: 'admin: a menu of the other company in the body: 400',
    req: (f) => ({
      url: '/v1/menuitems',
      payload: { menu_id: Number(f.other.menuId), title: 'Matrix mirror', route: `/user/mirror-${uniq()}` },
    }),
    expect: otherCompanyStaffOp({
      staff: no(403),
      admin: no(400),
      platform: no(400),
      blueStaff: own(201),
    }),
  },
  'PUT /v1/menuitems/{id} #other-menu': {
    rule: 'admin: moving this company’s item into the other company’s menu: 400',
    req: (f) => ({ url: `/v1/menuitems/${f.menuItemId}`, payload: { menu_id: Number(f.other.menuId) } }),
    expect: otherCompanyStaffOp({ staff: no(403), admin: no(400), platform: no(400), blueStaff: no(404) }),
  },
  'DELETE /v1/menuitems/{id} #other-company': {
    rule: 'admin: an item of the other company is not found',
    req: (f) => ({ url: `/v1/menuitems/${f.other.menuItemId}` }),
    expect: otherCompanyStaffOp({ staff: no(403) }),
  },
};

/** A call that gets no reply in this long fails the run (on PGlite a stuck transaction stalls every later call). */
const CALL_TIMEOUT_MS = 15_000;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

type Call = { key: string; op: Op; caller: CallerKey; outcome: Outcome };
type Finding = { call: string; problem: string; leak: boolean };

describe('access-control matrix', () => {
  let f: Fixtures;
  const findings: Finding[] = [];
  let calls = 0;

  beforeAll(async () => {
    f = await buildFixtures();
  });
  afterAll(async () => {
    // A stuck call (see CALL_TIMEOUT_MS) can leave the app unable to close: do not wait on it for long.
    await Promise.race([f?.t.close(), new Promise((r) => setTimeout(r, 10_000))]);
  });

  function inject(key: string, req: Req, caller: CallerKey): Promise<LightMyRequestResponse> {
    const [method = 'GET'] = key.split(' ');
    const c = f.callers[caller];
    return (async () => {
      const opts: InjectOptions & { host?: string; token?: string } = {
        method: method as InjectOptions['method'],
        url: req.url,
        host: c.host,
        ...(c.token ? { token: c.token } : {}),
        ...(c.remoteAddress ? { remoteAddress: c.remoteAddress } : {}),
      };
      if (req.form) {
        const body = await multipart(req.form.fields, req.form.files);
        opts.payload = body.payload;
        opts.headers = { ...body.headers, ...req.headers };
      } else {
        if (req.payload) opts.payload = req.payload;
        if (req.headers) opts.headers = req.headers;
      }
      calls++;
      let timer: NodeJS.Timeout | undefined;
      const stuck = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no reply in ${CALL_TIMEOUT_MS} ms: ${caller} → ${key} ${req.url}`)),
          CALL_TIMEOUT_MS,
        );
      });
      try {
        return await Promise.race([f.t.request(opts), stuck]);
      } finally {
        clearTimeout(timer);
      }
    })();
  }

  /** Checks one reply against the caller's outcome; returns the findings. */
  function judge(call: Call, req: Req, res: LightMyRequestResponse): Finding[] {
    const { key, op, caller, outcome } = call;
    const name = `${caller} (${f.callers[caller].who}) → ${key} ${req.url}`;
    const out: Finding[] = [];
    const add = (problem: string, leak = false) => out.push({ call: name, problem, leak });
    const body = res.body;
    const brief = body.length > 300 ? `${body.slice(0, 300)}…` : body;
    if (!outcome.status.includes(res.statusCode)) {
      add(`got ${res.statusCode} ${brief}; expected ${outcome.status.join(' or ')}`);
    }
    const isApi = /^\/(v1|api|dev)\//.test(req.url);
    if (res.statusCode >= 400 && isApi) {
      const json = (() => {
        try {
          return res.json() as { success?: unknown; data?: unknown; statusCode?: unknown };
        } catch {
          return undefined;
        }
      })();
      if (json?.success !== false || json.data !== null || json.statusCode !== res.statusCode) {
        add(`refusal is not the error envelope: ${res.statusCode} ${brief}`);
      }
    }
    // The leak check: what the caller sent is theirs to see again; everything else of the victim is not.
    const sent =
      `${req.url} ${JSON.stringify(req.payload ?? {})} ${JSON.stringify(req.form?.fields ?? {})}`.toLowerCase();
    // Headers count too (a file name in content-disposition, a location).
    const lower = `${JSON.stringify(res.headers)}\n${body}`.toLowerCase();
    const found = (secrets: string[]) =>
      secrets.filter((s) => !sent.includes(s.toLowerCase()) && lower.includes(s.toLowerCase()));
    if (!outcome.sees) {
      const hits = found(f.victimSecrets);
      if (hits.length)
        add(`LEAK of the victim’s ${hits.slice(0, 5).join(', ')} in ${res.statusCode} ${brief}`, true);
    }
    if (!(op.allCompanies && caller === 'platform')) {
      const other = f.callers[caller].host === HOST ? f.blueSecrets : f.demoSecrets;
      const hits = found(other);
      if (hits.length)
        add(`LEAK across companies: ${hits.slice(0, 5).join(', ')} in ${res.statusCode} ${brief}`, true);
    }
    if (caller !== 'owner' && res.headers['idempotent-replayed']) {
      add(`got a stored reply of someone else’s Idempotency-Key: ${res.statusCode} ${brief}`, true);
    }
    const extra = op.check?.(res, f, caller);
    if (extra) add(extra, true);
    if (outcome.sees && op.shows && res.statusCode < 300) {
      const want = op.shows(f);
      if (!lower.includes(want.toLowerCase())) add(`the allowed reply does not show ${want}: ${brief}`);
    }
    return out;
  }

  /** status per cell, printed with MATRIX_GRID=1 (for reading the matrix, not for asserting). */
  const grid = new Map<string, Partial<Record<CallerKey, number>>>();

  async function run(list: Call[], concurrency: number): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const call = list[next++];
        if (!call) break;
        const req = call.op.req(f, call.caller);
        const res = await inject(call.key, req, call.caller);
        findings.push(...judge(call, req, res));
        grid.set(call.key, { ...grid.get(call.key), [call.caller]: res.statusCode });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  /** The victim's state as the owner, staff and the superadmin read it, plus the owner's tokens and password. */
  async function victimState(): Promise<Record<string, string>> {
    const reads: [string, string, CallerKey][] = [
      ['package', `/v1/packages/${f.packageId}`, 'owner'],
      ['status package', `/v1/packages/${f.statusPackageId}`, 'owner'],
      ['packages', '/v1/packages?pageSize=100', 'owner'],
      ['counts', '/v1/packages/counts', 'owner'],
      ['pre-alerts', '/v1/peralert?pageSize=100', 'owner'],
      ['invoices', '/v1/invoices?pageSize=100', 'owner'],
      ['invoice', `/v1/invoices/${f.invoiceId}`, 'owner'],
      ['authorized persons', '/v1/authorizedpersons', 'owner'],
      ['purchase requests', '/v1/purchaserequests/?pageSize=100', 'owner'],
      ['notifications', '/v1/notifications?pageSize=100', 'owner'],
      ['points', '/v1/points?pageSize=100', 'owner'],
      ['profile', '/v1/profile', 'owner'],
      ['summary', '/v1/account/summary', 'owner'],
      ['file', `/v1/files/${f.fileId}`, 'owner'],
      ['invoices incl. drafts (staff)', `/v1/invoices?pageSize=100&customer_id=${f.victim.id}`, 'admin'],
      ['menus (admin)', '/v1/menus', 'admin'],
      ['user (staff)', `/v1/users/${f.victim.id}`, 'admin'],
      ['companies (superadmin)', '/v1/companies', 'platform'],
    ];
    const state: Record<string, string> = {};
    for (const [label, url, who] of reads) {
      const c = f.callers[who];
      const res = await f.t.request({ method: 'GET', url, host: c.host, token: c.token });
      const digest = createHash('sha256').update(res.rawPayload).digest('hex');
      state[label] = `${res.statusCode} ${res.statusCode === 200 ? digest : res.body}`;
    }
    state['refresh session'] = await refreshState(f.t, f.sessions.ownerRefresh.refresh);
    state['logout session'] = await refreshState(f.t, f.sessions.ownerLogout.refresh);
    state['main session'] = await refreshState(f.t, f.sessions.owner.refresh);
    const login = await f.t.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: f.victim.email, password: 'demo-customer-1' },
    });
    state['password still works'] = String(login.statusCode);
    state['email tokens'] = await emailTokenState(f.t, [f.tokenUser.verifyToken, f.tokenUser.resetToken]);
    return state;
  }

  const plan = (): Call[] =>
    Object.entries(TABLE).flatMap(([key, op]) =>
      CALLERS.map((caller) => ({ key, op, caller, outcome: op.expect[caller] })),
    );

  it('covers every operation the app serves, and names none it does not', () => {
    const doc = f.t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => HTTP_METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const missing = documented.filter((k) => !(k in TABLE));
    expect(
      missing,
      'operations of the OpenAPI document the matrix does not cover: add them to TABLE',
    ).toEqual([]);
    const base = (key: string) => key.split(' #')[0] ?? key;
    const served = (key: string) => {
      const [method = '', path = ''] = base(key).split(' ');
      return f.t.app.hasRoute({
        method: method as 'GET',
        url: path.replace(/\{(\w+)\}/g, ':$1'),
      });
    };
    const stale = Object.keys(TABLE).filter((k) => !documented.includes(base(k)) && !served(k));
    expect(stale, 'operations in TABLE the app no longer serves').toEqual([]);
    const undocumented = Object.entries(TABLE)
      .filter(([k, op]) => !op.hidden && !documented.includes(base(k)))
      .map(([k]) => k);
    expect(undocumented, 'TABLE says documented, the OpenAPI document does not have them').toEqual([]);
    // Every request the table builds is for its own operation.
    for (const [key, op] of Object.entries(TABLE)) {
      const [, path = ''] = base(key).split(' ');
      const re = new RegExp(`^${path.replace(/\{\w+\}/g, '[^/?]+')}(\\?.*)?$`);
      for (const c of CALLERS) expect(op.req(f, c).url, key).toMatch(re);
    }
  });

  it('the leak check catches a planted leak', async () => {
    const victimPackage = await f.t.request({
      method: 'GET',
      url: `/v1/packages/${f.packageId}`,
      token: f.callers.owner.token,
    });
    const blueCompany = await f.t.request({ method: 'GET', url: '/v1/companies/me', host: 'blue.localhost' });
    const op = TABLE['GET /v1/packages/{id}'];
    if (!op) throw new Error('no such operation in TABLE');
    // The owner's reply, as if the neighbour had got it; the other company's branding, as if served on this host.
    const asNeighbour = judge(
      { key: 'GET /v1/packages/{id}', op, caller: 'neighbour', outcome: no(404) },
      { url: `/v1/packages/${f.packageId}` },
      victimPackage,
    );
    expect(asNeighbour.filter((x) => x.leak).length).toBeGreaterThan(0);
    const asAnon = judge(
      { key: 'GET /v1/companies/me', op, caller: 'anon', outcome: own() },
      { url: '/v1/companies/me' },
      blueCompany,
    );
    expect(asAnon.map((x) => x.problem).join('\n')).toMatch(/LEAK across companies/);
  });

  it('gives every caller what the table says, leaks nothing, and refused writes change nothing', async () => {
    const started = Date.now();
    const all = plan();
    const before = await victimState();
    // Phase 1: every call that must not see the victim (refused, or scoped to the caller), a few at a time.
    await run(
      all.filter((c) => !c.outcome.sees),
      4,
    );
    const after = await victimState();
    for (const [label, value] of Object.entries(before)) {
      if (after[label] !== value) {
        findings.push({
          call: `the victim’s ${label}`,
          problem: `changed by refused or foreign calls: ${value} → ${after[label]}`,
          leak: false,
        });
      }
    }
    // Phase 2: the allowed calls, one by one in table order (some use up their rows or end sessions).
    await run(
      all.filter((c) => c.outcome.sees),
      1,
    );

    // The state check must be able to see a change: the allowed writes above changed each of these.
    const end = await victimState();
    const unmoved = [
      'package',
      'status package',
      'pre-alerts',
      'invoice',
      'authorized persons',
      'purchase requests',
      'notifications',
      'points',
      'profile',
      'invoices incl. drafts (staff)',
      'menus (admin)',
      'companies (superadmin)',
      'refresh session',
      'logout session',
      'password still works',
      'email tokens',
    ].filter((label) => end[label] === after[label]);
    expect(unmoved, 'allowed writes did not change these: the state check would miss a change there').toEqual(
      [],
    );

    const covered = new Set(Object.keys(TABLE).map((k) => k.split(' #')[0])).size;
    // Sign-ups sent role, superadmin, verified and a mailbox number in the body: none of it may have taken.
    const signedUp = await f.t.database.db
      .select({
        email: users.email,
        role: users.role,
        sa: users.isSuperadmin,
        verified: users.emailVerifiedAt,
      })
      .from(users)
      .where(like(users.email, 'matrix-new-%'));
    expect(
      signedUp.length,
      'the sign-up probe made no account: the mass-assignment check saw nothing',
    ).toBeGreaterThan(0);
    for (const u of signedUp) {
      if (u.role !== 'customer' || u.sa || u.verified) {
        findings.push({
          call: `sign-up of ${u.email}`,
          problem: 'took role/superadmin/verified from the body',
          leak: true,
        });
      }
    }
    const failures = findings;
    const leaks = findings.filter((x) => x.leak);
    console.log(
      `access matrix: ${Object.keys(TABLE).length} probes of ${covered} operations × ` +
        `${CALLERS.length} callers = ${all.length} cells, ` +
        `${calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `${leaks.length} leaks among ` +
        `${f.victimSecrets.length} victim and ${f.demoSecrets.length + f.blueSecrets.length} company values, ` +
        `${failures.length} failures`,
    );
    if (process.env.MATRIX_GRID) {
      const pad = (v: string, n: number) => v.padEnd(n);
      const lines = [[pad('operation', 58), ...CALLERS.map((c) => pad(c.slice(0, 9), 9))].join(' ')];
      for (const [key, row] of grid) {
        lines.push([pad(key, 58), ...CALLERS.map((c) => pad(String(row[c] ?? '-'), 9))].join(' '));
      }
      console.log(lines.join('\n'));
    }
    expect(failures.map((x) => `${x.call}: ${x.problem}`)).toEqual([]);
  });
});
