import type { LightMyRequestResponse } from 'fastify';
import { no, type Op, type Outcome, own, STATUS_BY_CALLER, staffOnly } from './expectations';
import { type CallerKey, type Fixtures, uniq } from './fixture-types';

/** Rows of the access matrix: the back office's packages and shipments. */

const NO_ID = '00000000-0000-4000-8000-000000000000';
/** Allowed, and either outcome is right (a second staff caller finds the first one's change already made). */
const either = (...status: number[]): Outcome => ({ status, sees: true });

/**
 * The shipment the matrix's staff create (in phase 2, before the rows that address one): the create row's check
 * keeps its id. Refused callers run first, on a shipment id that does not exist; the shipment tests cover another
 * company's staff on a real one.
 */
let shipmentId: string | undefined;
const shipment = () => shipmentId ?? NO_ID;
const keepShipment = (res: LightMyRequestResponse, _f: Fixtures, c: CallerKey) => {
  if (c === 'staff' && res.statusCode === 201 && !shipmentId) {
    const id = (res.json() as { data?: { id?: string } }).data?.id;
    if (id) shipmentId = id;
  }
  return undefined;
};
/** Staff addressing the shipment: served once it exists (phase 2); another company's staff: not found. */
const onShipment = (o: Parameters<typeof staffOnly>[0] = {}) => staffOnly({ blueStaff: no(404), ...o });

export const OPERATIONS_OPS: Record<string, Op> = {
  'GET /v1/admin/packages': {
    rule: 'staff (verified): the company’s packages; a search for the victim’s tracking number',
    req: (f) => ({ url: `/v1/admin/packages?q=${encodeURIComponent(f.packageTracking)}` }),
    expect: staffOnly({ blueStaff: own() }),
    shows: (f) => f.packageId,
  },
  'GET /v1/admin/packages/export.csv': {
    rule: 'staff (verified): the company’s packages as CSV',
    req: (f) => ({ url: `/v1/admin/packages/export.csv?q=${encodeURIComponent(f.packageTracking)}` }),
    expect: staffOnly({ blueStaff: own() }),
    shows: (f) => f.victim.mailbox,
  },
  'GET /v1/admin/packages/{id}': {
    rule: 'staff (verified) of the package’s company',
    req: (f) => ({ url: `/v1/admin/packages/${f.packageId}` }),
    expect: staffOnly(),
    shows: (f) => f.fileId,
  },
  'PUT /v1/admin/packages/{id}': {
    rule: 'staff (verified) of the package’s company',
    req: (f, c) => ({ url: `/v1/admin/packages/${f.statusPackageId}`, payload: { carrier: `Matrix ${c}` } }),
    expect: staffOnly(),
  },
  'POST /v1/admin/packages/{id}/assign': {
    rule: 'staff (verified): to a customer of the company (the victim’s package to the victim: already theirs, 409)',
    req: (f) => ({
      url: `/v1/admin/packages/${f.statusPackageId}/assign`,
      payload: { customer_id: f.victim.id },
    }),
    expect: staffOnly({ staff: no(409), admin: no(409), platform: no(409), blueStaff: no(400) }),
  },
  'POST /v1/admin/packages/{id}/prealert': {
    rule: 'staff (verified) of the package’s company; a pre-alert that does not exist: 400',
    req: (f) => ({
      url: `/v1/admin/packages/${f.statusPackageId}/prealert`,
      payload: { prealert_id: NO_ID },
    }),
    expect: staffOnly({ staff: no(400), admin: no(400), platform: no(400) }),
  },
  'DELETE /v1/admin/packages/{id}/prealert': {
    rule: 'staff (verified) of the package’s company (it has none linked: 409)',
    req: (f) => ({ url: `/v1/admin/packages/${f.statusPackageId}/prealert` }),
    expect: staffOnly({ staff: no(409), admin: no(409), platform: no(409) }),
  },
  'POST /v1/admin/packages/bulk': {
    rule: 'staff (verified): packages of the company; another company’s staff naming one: 404',
    req: (f, c) => ({
      url: '/v1/admin/packages/bulk',
      payload: {
        action: 'status',
        ids: [f.statusPackageId],
        status: STATUS_BY_CALLER[c] ?? 'on_hold',
        note: 'matrix',
        hold_reason: 'customs_inspection',
      },
    }),
    expect: staffOnly(),
  },
  'GET /v1/admin/shipments': {
    rule: 'staff (verified): the company’s shipments',
    req: () => ({ url: '/v1/admin/shipments' }),
    expect: staffOnly({ blueStaff: own() }),
  },
  'POST /v1/admin/shipments': {
    rule: 'staff (verified): a shipment of their own company',
    req: () => ({ url: '/v1/admin/shipments', payload: { reference: `MTX-${uniq()}`, mode: 'air' } }),
    expect: staffOnly({ staff: either(201), admin: either(201), platform: either(201), blueStaff: own(201) }),
    check: keepShipment,
  },
  'GET /v1/admin/shipments/{id}': {
    rule: 'staff (verified) of the shipment’s company',
    req: () => ({ url: `/v1/admin/shipments/${shipment()}` }),
    expect: onShipment(),
  },
  'PUT /v1/admin/shipments/{id}': {
    rule: 'staff (verified) of the shipment’s company',
    req: (_f, c) => ({ url: `/v1/admin/shipments/${shipment()}`, payload: { note: `Matrix ${c}` } }),
    expect: onShipment(),
  },
  'POST /v1/admin/shipments/{id}/packages': {
    rule: 'staff (verified) of the shipment’s company: the victim’s package scanned in',
    req: (f) => ({
      url: `/v1/admin/shipments/${shipment()}/packages`,
      payload: { ids: [f.statusPackageId], move: true },
    }),
    expect: onShipment(),
    shows: (f) => f.statusPackageId,
  },
  'POST /v1/admin/shipments/{id}/advance': {
    rule: 'staff (verified) of the shipment’s company',
    req: (_f, c) => ({
      url: `/v1/admin/shipments/${shipment()}/advance`,
      payload: { status: STATUS_BY_CALLER[c] ?? 'in_transit', note: 'matrix' },
    }),
    expect: onShipment(),
  },
  'GET /v1/admin/shipments/{id}/manifest.csv': {
    rule: 'staff (verified) of the shipment’s company',
    req: () => ({ url: `/v1/admin/shipments/${shipment()}/manifest.csv` }),
    expect: onShipment(),
    shows: (f) => f.victim.mailbox,
  },
  'GET /v1/admin/shipments/{id}/manifest.pdf': {
    rule: 'staff (verified) of the shipment’s company',
    req: () => ({ url: `/v1/admin/shipments/${shipment()}/manifest.pdf` }),
    expect: onShipment(),
  },
  'DELETE /v1/admin/shipments/{id}/packages/{packageId}': {
    rule: 'staff (verified) of the shipment’s company (the second caller finds it removed: 404)',
    req: (f) => ({ url: `/v1/admin/shipments/${shipment()}/packages/${f.statusPackageId}` }),
    expect: onShipment({ staff: either(200), admin: either(404), platform: either(404) }),
  },
};
