import type { LightMyRequestResponse } from 'fastify';
import { CALLERS, type CallerKey, type Fixtures, type Form, markedPdf, uniq } from './fixture-types';

/** The access matrix's vocabulary: what each caller must get, and the request builders its rows share. */
/** What one caller must get: the allowed statuses, and whether the reply may show the victim's rows. */
export type Outcome = {
  status: readonly number[];
  /** True for callers allowed to see the victim's data (the owner; staff of the company on staff-visible rows). */
  sees: boolean;
};
/** Allowed: may show the victim's rows; runs after every refused call. */
export const ok = (status = 200): Outcome => ({ status: [status], sees: true });
/** A 2xx about the caller's own account or company: must not show the victim. */
export const own = (...status: number[]): Outcome => ({
  status: status.length ? status : [200],
  sees: false,
});
/** Refused, in the error envelope. */
export const no = (...status: number[]): Outcome => ({ status, sees: false });

export type Expectations = Record<CallerKey, Outcome>;
export type Overrides = Partial<Expectations>;

/** Callers without a session valid on this host: never past the door. */
export const SIGNED_OUT: Pick<
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
export const asCustomer = (e: Omit<Expectations, 'demoted'> & { demoted?: Outcome }): Expectations => ({
  ...e,
  demoted: e.demoted ?? e.neighbour,
});

/** A row of the victim addressed by id: the owner (and, where they may, staff of the company); others: not found. */
export function victimRow(staffMay: boolean, o: Overrides = {}): Expectations {
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
export function mine(staffSeesAll: boolean, o: Overrides = {}): Expectations {
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
export function companyData(o: Overrides = {}): Expectations {
  return mine(false, { owner: own(), ...o });
}

/** Staff (roles staff/admin) on the victim's rows; the other company's staff: not found (400 when a body names it). */
export function staffOnly(o: Overrides = {}): Expectations {
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

export function adminOnly(o: Overrides = {}): Expectations {
  return staffOnly({ staff: no(403), ...o });
}

/** The platform superadmin only. */
export function superadminOnly(o: Overrides = {}): Expectations {
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
export function otherCompanyRow(o: Overrides = {}): Expectations {
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
export function otherCompanyStaffOp(o: Overrides = {}): Expectations {
  return otherCompanyRow({
    owner: no(403),
    neighbour: no(403),
    blue: no(403),
    ...o,
  });
}

/** Public: everyone gets a 2xx about the host's company (or platform-wide data); an unknown host gets 404. */
export function open(tenantScoped: boolean, o: Overrides = {}): Expectations {
  const all = Object.fromEntries(CALLERS.map((k) => [k, own()])) as Expectations;
  return { ...all, ...(tenantScoped ? { anonUnknown: no(404) } : {}), ...o };
}

/** Callers on the victim's host (the other company's tokens used here included). */
export const onHost = (c: CallerKey) =>
  !['blue', 'blueStaff', 'anonBlue', 'anonUnknown', 'ownerOnBlue'].includes(c);

export type Req = {
  url: string;
  payload?: Record<string, unknown>;
  form?: Form;
  headers?: Record<string, string>;
};

export type Op = {
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
export const MAILBOX: Expectations = {
  ...(Object.fromEntries(CALLERS.map((k) => [k, onHost(k) ? ok() : own()])) as Expectations),
  anonUnknown: no(404),
  anonRemote: no(403, 404),
};

/** An invoice for `customerId` with one line on `packageId`: staff naming rows across companies. */
export const invoiceNaming = (customerId: string, packageId: string) => ({
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

export const registerBody = (email: string) => ({
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
export const freshEmail = () => `matrix-new-${uniq()}@example.test`;
export const pdfForm = (fields: Record<string, string>): Form => ({
  fields,
  files: [{ name: 'invoice.pdf', bytes: markedPdf(`matrix-upload-${uniq()}`), type: 'application/pdf' }],
});
/** The real role of each signed-in caller (the demoted staffer is a customer now). */
export const ROLE_OF: Partial<Record<CallerKey, string>> = {
  owner: 'customer',
  neighbour: 'customer',
  staff: 'staff',
  admin: 'admin',
  platform: 'admin',
  blue: 'customer',
  blueStaff: 'admin',
  demoted: 'customer',
};
export const STATUS_BY_CALLER: Partial<Record<CallerKey, string>> = {
  staff: 'in_transit',
  admin: 'at_customs',
  platform: 'ready_for_pickup',
};
