import { callsFor } from './endpoint';
import type { purchaseRequestSchemas } from './purchase-requests';

const tags = ['purchase requests'];

/** Purchase requests at the spec's path (with its trailing slash; the router ignores trailing slashes). */
export const purchaseRequestCalls = callsFor<typeof purchaseRequestSchemas>()({
  list: { method: 'GET', path: '/v1/purchaserequests/', access: 'verified', tags },
  create: {
    method: 'POST',
    path: '/v1/purchaserequests/',
    access: 'verified',
    tags,
    status: 201,
    idempotent: true,
    description:
      'Send an Idempotency-Key header so a retry never creates a second request. product_url: http(s) only, no credentials, at most 2000 characters; the server never fetches it.',
  },
  remove: { method: 'DELETE', path: '/v1/purchaserequests/:id', access: 'verified', tags },
  quote: { method: 'PUT', path: '/v1/purchaserequests/:id/quote', access: 'staff', tags: ['staff', ...tags] },
});
