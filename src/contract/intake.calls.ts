import { callsFor } from './endpoint';
import type { intakeSchemas } from './intake';

/** Warehouse intake: a clerk receives parcels one by one (scan-first) or in bulk from a warehouse system's CSV. */
export const intakeCalls = callsFor<typeof intakeSchemas>()({
  receive: {
    method: 'POST',
    path: '/v1/admin/packages/receive',
    access: 'staff',
    tags: ['staff', 'intake'],
    status: 201,
    idempotent: true,
    description:
      'Send an Idempotency-Key header so an outbox replay never receives a parcel twice. multipart/form-data: tracking_number, weight (lb), length/width/height (in), mailbox_number, consignee (email or full name), shipper, carrier, seller_name, description, declared_value (USD), package_type, pieces, house_awb, fragile/hazardous/signature_required/customs_hold (true/false), note, and an optional `photo` (JPEG, PNG, WebP or HEIC). The customer is found by mailbox number, then email, then exact full name; none → the parcel is Unassigned. A tracking number already received → 409 saying whose parcel it is and its status (the message and `errors.tracking_number`), with `errors.existing_package_id`.',
  },
  lookup: {
    method: 'GET',
    path: '/v1/admin/intake/lookup',
    access: 'staff',
    tags: ['staff', 'intake'],
    description:
      'What a receipt would do, as the clerk types: the customer, a pending pre-alert, a duplicate.',
  },
  recent: { method: 'GET', path: '/v1/admin/intake/recent', access: 'staff', tags: ['staff', 'intake'] },
  undo: {
    summary: 'Undo a receipt',
    method: 'POST',
    path: '/v1/admin/packages/:id/undo-receive',
    access: 'staff',
    tags: ['staff', 'intake'],
    description:
      'Within 10 minutes of the receipt, by its clerk or an admin, while nothing else happened to the package: removes it (a pre-alert it matched is pending again).',
  },
  importPreview: {
    method: 'POST',
    path: '/v1/admin/intake/import/preview',
    access: 'staff',
    tags: ['staff', 'intake'],
    description:
      'A CSV of warehouse receipts as text; every row checked as a receipt would be (nothing is saved). `mapping` overrides the columns guessed from the header.',
  },
  importConfirm: {
    method: 'POST',
    path: '/v1/admin/intake/import/confirm',
    access: 'staff',
    tags: ['staff', 'intake'],
    status: 201,
    description:
      'Imports the chosen rows (1-based data row numbers) of the same CSV in one transaction; a tracking number already received is skipped and reported.',
  },
});
