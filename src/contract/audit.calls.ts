import type { auditSchemas } from './audit';
import { callsFor } from './endpoint';

/** The audit trail of one record: every staff change, newest first. */
export const auditCalls = callsFor<typeof auditSchemas>()({
  list: {
    summary: 'List a record’s audit trail',
    method: 'GET',
    path: '/v1/admin/audit',
    access: 'staff',
    tags: ['staff', 'audit'],
  },
});
