import type { authorizedPersonSchemas } from './authorized-persons';
import { callsFor } from './endpoint';

const tags = ['authorized persons'];

/** The caller's authorized persons (people who may collect their packages). Owner only; others get 404. */
export const authorizedPersonCalls = callsFor<typeof authorizedPersonSchemas>()({
  list: { method: 'GET', path: '/v1/authorizedpersons', access: 'verified', tags },
  create: {
    method: 'POST',
    path: '/v1/authorizedpersons',
    access: 'verified',
    tags,
    status: 201,
    idempotent: true,
    description: 'Send an Idempotency-Key header so a retry never adds the person twice.',
  },
  update: { method: 'PUT', path: '/v1/authorizedpersons/:id', access: 'verified', tags },
  remove: { method: 'DELETE', path: '/v1/authorizedpersons/:id', access: 'verified', tags },
});
