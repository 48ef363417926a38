import { callsFor } from './endpoint';
import type { pushSchemas } from './push';

const tags = ['push'];

/** Web push: the VAPID public key and the caller's own push subscriptions (others' are 404). */
export const pushCalls = callsFor<typeof pushSchemas>()({
  publicKey: {
    summary: 'The VAPID public key',
    method: 'GET',
    path: '/v1/push/public-key',
    access: 'signed-in',
    tags,
  },
  list: {
    summary: 'My push subscriptions',
    method: 'GET',
    path: '/v1/push/subscriptions',
    access: 'signed-in',
    tags,
  },
  subscribe: {
    summary: 'Subscribe this device to push',
    method: 'POST',
    path: '/v1/push/subscriptions',
    access: 'signed-in',
    tags,
    status: 201,
    description:
      'Idempotent by endpoint: the same endpoint again (the app re-sends it on every start) updates that subscription. The endpoint must be an https URL of a known push service (Google, Mozilla, Apple, Microsoft); anything else is a 400 with `errors.endpoint`.',
  },
  remove: {
    summary: 'Unsubscribe a device',
    method: 'DELETE',
    path: '/v1/push/subscriptions/:id',
    access: 'signed-in',
    tags,
  },
});
