import type { dashboardSchemas } from './admin-dashboard';
import { callsFor } from './endpoint';

/** The back office's front page: today's work of the company. */
export const dashboardCalls = callsFor<typeof dashboardSchemas>()({
  today: {
    summary: 'Get today’s work',
    method: 'GET',
    path: '/v1/admin/dashboard',
    access: 'staff',
    tags: ['staff', 'dashboard'],
  },
});
