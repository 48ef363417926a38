import { callsFor } from './endpoint';
import type { packageSchemas, prealertSchemas, receiptSchemas } from './packages';

/** Packages: customers see their own, staff their company's; staff receive parcels and move them along. */
export const packageCalls = callsFor<typeof packageSchemas>()({
  list: { method: 'GET', path: '/v1/packages', access: 'verified', tags: ['packages'] },
  counts: {
    summary: 'Count packages by status',
    method: 'GET',
    path: '/v1/packages/counts',
    access: 'verified',
    tags: ['packages'],
  },
  one: { method: 'GET', path: '/v1/packages/:id', access: 'verified', tags: ['packages'] },
  changeStatus: { method: 'POST', path: '/v1/admin/packages/:id/status', access: 'staff', tags: ['staff'] },
});

/** Pre-alerts at the spec's path (`/v1/peralert`, sic). The create call is multipart: fields plus 1–5 `files`. */
export const prealertCalls = callsFor<typeof prealertSchemas>()({
  create: {
    method: 'POST',
    path: '/v1/peralert',
    access: 'verified',
    tags: ['pre-alerts'],
    status: 201,
    idempotent: true,
    description:
      'Send an Idempotency-Key header so a retry never creates a second pre-alert. multipart/form-data: tracking_number, seller_name, description, weight (lb), value (USD), package_type, height, length, width (default 0), files (1–5; PDF, JPEG, PNG, WebP or HEIC; ≤ 10 MB each).',
  },
  list: { method: 'GET', path: '/v1/peralert', access: 'verified', tags: ['pre-alerts'] },
  cancel: { method: 'POST', path: '/v1/peralert/:id/cancel', access: 'verified', tags: ['pre-alerts'] },
});

/** Receipts on a package (by its owner or staff), and the one door through which stored files are read. */
export const receiptCalls = callsFor<typeof receiptSchemas>()({
  create: {
    method: 'POST',
    path: '/v1/packagereceipts',
    access: 'verified',
    tags: ['receipts'],
    status: 201,
    idempotent: true,
    description:
      'Idempotency-Key header honoured. multipart/form-data: package_id, update_by (optional; only the caller), files (1–5).',
  },
  remove: { method: 'DELETE', path: '/v1/packagereceipts/:id', access: 'verified', tags: ['receipts'] },
  file: {
    summary: 'Download a stored file',
    method: 'GET',
    path: '/v1/files/:id',
    access: 'verified',
    tags: ['files'],
    file: true,
    description: "The file's bytes with its type; `?download=1` asks the browser to save it.",
  },
});
