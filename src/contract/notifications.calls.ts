import { callsFor } from './endpoint';
import type { notificationSchemas } from './notifications';

const tags = ['notifications'];

/** The caller's notifications (the bell). */
export const notificationCalls = callsFor<typeof notificationSchemas>()({
  list: { method: 'GET', path: '/v1/notifications', access: 'verified', tags },
  read: { method: 'POST', path: '/v1/notifications/:id/read', access: 'verified', tags },
  readAll: { method: 'POST', path: '/v1/notifications/read-all', access: 'verified', tags },
});
