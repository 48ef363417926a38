import { callsFor } from './endpoint';
import type { notificationSchemas } from './notifications';

const tags = ['notifications'];

/** The caller's notifications (the bell). */
export const notificationCalls = callsFor<typeof notificationSchemas>()({
  list: { method: 'GET', path: '/v1/notifications', access: 'verified', tags },
  read: {
    summary: 'Mark a notification read',
    method: 'POST',
    path: '/v1/notifications/:id/read',
    access: 'verified',
    tags,
  },
  readAll: {
    summary: 'Mark all notifications read',
    method: 'POST',
    path: '/v1/notifications/read-all',
    access: 'verified',
    tags,
  },
});
