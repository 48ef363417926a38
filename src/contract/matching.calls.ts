import { callsFor } from './endpoint';
import type { matchingSchemas } from './matching';

/** Staff: the pre-alert matching queues (with suggestions), matching by hand and cancelling with a reason. */
export const matchingCalls = callsFor<typeof matchingSchemas>()({
  unmatched: {
    summary: 'List pre-alerts without a package',
    method: 'GET',
    path: '/v1/admin/prealerts/unmatched',
    access: 'staff',
    tags: ['staff', 'prealerts'],
  },
  withoutPrealert: {
    summary: 'List packages without a pre-alert',
    method: 'GET',
    path: '/v1/admin/packages/without-prealert',
    access: 'staff',
    tags: ['staff', 'packages'],
  },
  match: {
    summary: 'Match a pre-alert to a package',
    method: 'POST',
    path: '/v1/admin/prealerts/:id/match',
    access: 'staff',
    tags: ['staff', 'prealerts'],
  },
  cancel: {
    summary: 'Cancel a pre-alert',
    method: 'POST',
    path: '/v1/admin/prealerts/:id/cancel',
    access: 'staff',
    tags: ['staff', 'prealerts'],
  },
});
