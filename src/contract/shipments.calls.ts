import { callsFor } from './endpoint';
import type { shipmentSchemas } from './shipments';

/** Shipments (manifests): packages flown or shipped together and moved through statuses as one. */
export const shipmentCalls = callsFor<typeof shipmentSchemas>()({
  list: { method: 'GET', path: '/v1/admin/shipments', access: 'staff', tags: ['staff', 'shipments'] },
  create: {
    method: 'POST',
    path: '/v1/admin/shipments',
    access: 'staff',
    tags: ['staff', 'shipments'],
    status: 201,
  },
  one: { method: 'GET', path: '/v1/admin/shipments/:id', access: 'staff', tags: ['staff', 'shipments'] },
  update: { method: 'PUT', path: '/v1/admin/shipments/:id', access: 'staff', tags: ['staff', 'shipments'] },
  addPackages: {
    method: 'POST',
    path: '/v1/admin/shipments/:id/packages',
    access: 'staff',
    tags: ['staff', 'shipments'],
    description:
      'By ids or by scanned tracking numbers; each number gets its outcome. A package in another shipment is moved only with `move: true`.',
  },
  removePackage: {
    method: 'DELETE',
    path: '/v1/admin/shipments/:id/packages/:packageId',
    access: 'staff',
    tags: ['staff', 'shipments'],
  },
  advance: {
    method: 'POST',
    path: '/v1/admin/shipments/:id/advance',
    access: 'staff',
    tags: ['staff', 'shipments'],
    description:
      'Every package gets the status event; each customer is notified once for all their parcels in it.',
  },
  manifestCsv: {
    summary: 'Download a shipment’s manifest as CSV',
    method: 'GET',
    path: '/v1/admin/shipments/:id/manifest.csv',
    access: 'staff',
    tags: ['staff', 'shipments'],
    file: true,
  },
  manifestPdf: {
    summary: 'Download a shipment’s manifest as PDF',
    method: 'GET',
    path: '/v1/admin/shipments/:id/manifest.pdf',
    access: 'staff',
    tags: ['staff', 'shipments'],
    file: true,
  },
});
