import type { LightMyRequestResponse } from 'fastify';
import { no, type Op, type Outcome, otherCompanyStaffOp, own, staffOnly } from './expectations';
import type { CallerKey, Fixtures } from './fixture-types';

/** Rows of the access matrix: the pickup counter (lookup, release, close-out). */

const NO_ID = '00000000-0000-4000-8000-000000000000';

/**
 * What the release row hands over and to whom, read off the staff caller's lookup of the victim (phase 2 runs the
 * lookup before the release): a parcel of the victim at the counter, and their first active authorized person with
 * the ID on record (else the victim in person). Refused callers run first, on a parcel id that does not exist.
 */
let pick: { packageId: string; personId: string | null; idType: number; idNumber: string } | undefined;
const keepPick = (res: LightMyRequestResponse, _f: Fixtures, c: CallerKey) => {
  if (c !== 'staff' || res.statusCode !== 200 || pick) return undefined;
  const data = (res.json() as { data?: Record<string, unknown> }).data as
    | {
        packages?: { id: string }[];
        authorized_persons?: { id: string; id_number: string; identification: { id: number } }[];
      }
    | undefined;
  const parcel = data?.packages?.[0];
  if (!parcel) return 'the victim has no parcel at the counter: the release row would prove nothing';
  const person = data?.authorized_persons?.[0];
  pick = {
    packageId: parcel.id,
    personId: person?.id ?? null,
    idType: person?.identification.id ?? 1,
    idNumber: person?.id_number ?? 'MTX-1234567',
  };
  return undefined;
};

/**
 * Admin and superadmin may release too, but the clerk (first in the allowed order) already has: they find it
 * collected. Marked as allowed (sees) so they run after the clerk's release, not among the refused calls.
 */
const alreadyCollected: Outcome = { status: [409], sees: true };

export const COUNTER_OPS: Record<string, Op> = {
  'GET /v1/admin/counter': {
    rule: 'staff (verified) of the customer’s company: the victim by mailbox number, with parcels, invoices and authorized persons',
    req: (f) => ({ url: `/v1/admin/counter?mailbox=${encodeURIComponent(f.victim.mailbox)}` }),
    expect: staffOnly(),
    shows: (f) => f.victim.id,
    check: keepPick,
  },
  'GET /v1/admin/counter #tracking': {
    rule: 'staff (verified) of the package’s company: the victim found by a scanned parcel',
    req: (f) => ({ url: `/v1/admin/counter?tracking=${encodeURIComponent(f.packageTracking)}` }),
    expect: staffOnly(),
    shows: (f) => f.victim.mailbox,
  },
  'GET /v1/admin/counter #other-company': {
    rule: 'the other company’s customer by mailbox number: nobody here finds them; their own staff do',
    req: (f) => ({ url: `/v1/admin/counter?mailbox=${encodeURIComponent(f.other.mailbox)}` }),
    expect: otherCompanyStaffOp(),
  },
  'POST /v1/admin/counter/release': {
    rule: 'staff (verified) of the parcel’s company: the first caller releases it, the next find it collected (409); the other company’s staff: not found',
    req: () => ({
      url: '/v1/admin/counter/release',
      payload: {
        package_ids: [pick?.packageId ?? NO_ID],
        authorized_person_id: pick?.personId ?? null,
        identification_id: pick?.idType ?? 1,
        id_number: pick?.idNumber ?? 'MTX-1234567',
        override_reason: 'Access matrix',
      },
    }),
    expect: staffOnly({ admin: alreadyCollected, platform: alreadyCollected }),
    shows: (f) => f.victim.id,
  },
  'POST /v1/admin/counter/release #other-company': {
    rule: 'the other company’s parcel: this company’s staff get not found; its own staff may not release it in transit (409)',
    req: (f) => ({
      url: '/v1/admin/counter/release',
      payload: {
        package_ids: [f.other.packageId],
        identification_id: 1,
        id_number: 'MTX-7654321',
        override_reason: 'Access matrix',
      },
    }),
    expect: otherCompanyStaffOp({ blueStaff: no(409) }),
  },
  'GET /v1/admin/counter/closeout': {
    rule: 'staff (verified): their own company’s day at the counter',
    req: () => ({ url: '/v1/admin/counter/closeout' }),
    expect: staffOnly({ blueStaff: own() }),
  },
};
