import type { LightMyRequestResponse } from 'fastify';
import { adminOnly, type Expectations, freshEmail, no, type Op, type Outcome, own } from './expectations';
import { CALLERS, type CallerKey, type Fixtures, uniq } from './fixture-types';

/** Rows of the access matrix: staff accounts (invitations and the admins' staff screen). */

const NO_ID = '00000000-0000-4000-8000-000000000000';
const either = (...status: number[]): Outcome => ({ status, sees: true });

/** Every caller gets `outcome`, but an unknown host (no company): 404. */
const everyone = (outcome: Outcome): Expectations =>
  ({ ...Object.fromEntries(CALLERS.map((k) => [k, outcome])), anonUnknown: no(404) }) as Expectations;

/**
 * The invitation the company's admin makes (phase 2, before the rows that address one): kept from the invite row's
 * reply. Refused callers run first, on an id that does not exist; the route tests cover another company's admin on a
 * real one.
 */
let invitationId: string | undefined;
const invitation = () => invitationId ?? NO_ID;
const keepInvitation = (res: LightMyRequestResponse, _f: Fixtures, c: CallerKey) => {
  if (c === 'admin' && res.statusCode === 201 && !invitationId) {
    const id = (res.json() as { data?: { id?: string } }).data?.id;
    if (id) invitationId = id;
  }
  return undefined;
};

/** The user id in a caller's access token (the clerk's: the PATCH row's no-op target). */
const subOf = (token: string | undefined): string => {
  const part = token?.split('.')[1] ?? '';
  const sub = (JSON.parse(Buffer.from(part, 'base64url').toString('utf8') || '{}') as { sub?: string }).sub;
  return sub ?? NO_ID;
};

export const STAFF_OPS: Record<string, Op> = {
  'GET /v1/auth/invitations/{token}': {
    rule: 'public; a link nobody was sent: 404 for everyone (an unknown host: 404 too)',
    req: () => ({ url: `/v1/auth/invitations/matrix-${uniq()}-not-a-token` }),
    expect: everyone(no(404)),
  },
  'POST /v1/auth/invitations/accept': {
    rule: 'public; a link nobody was sent: 404 for everyone, nothing made',
    req: () => ({
      url: '/v1/auth/invitations/accept',
      payload: {
        token: `matrix-${uniq()}-not-a-token`,
        first_name: 'Matrix',
        last_name: 'Probe',
        password: 'mango-tree-42',
      },
    }),
    expect: everyone(no(404)),
  },
  'GET /v1/admin/staff': {
    rule: 'admins (verified): the company’s staff and invitations; another company’s admin sees their own',
    req: () => ({ url: '/v1/admin/staff' }),
    expect: adminOnly({ blueStaff: own() }),
  },
  'POST /v1/admin/staff/invitations': {
    rule: 'admins (verified): an invitation to their own company',
    req: () => ({ url: '/v1/admin/staff/invitations', payload: { email: freshEmail(), role: 'staff' } }),
    expect: adminOnly({ admin: either(201), platform: either(201), blueStaff: own(201) }),
    check: keepInvitation,
  },
  'POST /v1/admin/staff/invitations/{id}/resend': {
    rule: 'admins (verified) of the invitation’s company',
    req: () => ({ url: `/v1/admin/staff/invitations/${invitation()}/resend` }),
    expect: adminOnly(),
  },
  'DELETE /v1/admin/staff/invitations/{id}': {
    rule: 'admins (verified) of the invitation’s company (the second admin finds it withdrawn: 409)',
    req: () => ({ url: `/v1/admin/staff/invitations/${invitation()}` }),
    expect: adminOnly({ admin: either(200, 409), platform: either(200, 409) }),
  },
  'PATCH /v1/admin/staff/{id}': {
    rule: 'admins (verified) of the company; the clerk kept a clerk (a no-op, so the matrix keeps its staff caller)',
    req: (f) => ({ url: `/v1/admin/staff/${subOf(f.callers.staff.token)}`, payload: { role: 'staff' } }),
    expect: adminOnly(),
  },
};
