import { callsFor } from './endpoint';
import type { pointsSchemas } from './points';

/** The caller's points ledger, and staff adjustments (a deduction past the balance is refused). */
export const pointsCalls = callsFor<typeof pointsSchemas>()({
  list: { method: 'GET', path: '/v1/points', access: 'verified', tags: ['points'] },
  adjust: {
    summary: 'Adjust a customer’s points',
    method: 'POST',
    path: '/v1/admin/points/adjust',
    access: 'staff',
    tags: ['staff', 'points'],
    status: 201,
  },
});
