import type { counterSchemas } from './counter';
import { callsFor } from './endpoint';

const tags = ['staff', 'counter'];

/** The pickup counter: look a customer up, release parcels against a photo ID, and the day's close-out. */
export const counterCalls = callsFor<typeof counterSchemas>()({
  lookup: {
    summary: 'Look up a customer at the counter',
    method: 'GET',
    path: '/v1/admin/counter',
    access: 'staff',
    tags,
    description:
      'A customer by `mailbox` number, by a scanned package (`tracking`) or by a pickup pass (`pass`: its code, any case, spaces and dashes aside, or its scanned QR code; `pass` in the reply names its holder and parcels; a pass whose parcels were all collected: 410): their parcels at the branch with how each is paid, their open invoices and balance due, and their active authorized persons. Nothing matches (or only another company’s customer): 404.',
  },
  release: {
    summary: 'Release parcels to a customer',
    method: 'POST',
    path: '/v1/admin/counter/release',
    access: 'staff',
    tags,
    idempotent: true,
    description:
      'Hands parcels of one customer over, in one transaction: a release record each, the status Delivered with a "Collected by" event, the audit trail and the customer told. The collector is the customer (no `authorized_person_id`) or one of their active authorized persons, whose ID type and number must match their record (else 400). An unpaid or unbilled parcel needs `override_reason` (else 400). A parcel already collected: 409. Send an Idempotency-Key so a retry never releases twice.',
  },
  closeout: {
    summary: 'Get a day’s close-out',
    method: 'GET',
    path: '/v1/admin/counter/closeout',
    access: 'staff',
    tags,
    description:
      'One day at the counter (`date`, default today, from local midnight in `tz`): payments not reversed by method and by staff, the reversals, and the parcels released (how many on an override).',
  },
});
