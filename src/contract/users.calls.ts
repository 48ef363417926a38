import { callsFor } from './endpoint';
import type { userSchemas } from './users';

/** Users of the caller's company: customers see only themselves, staff everyone. */
export const userCalls = callsFor<typeof userSchemas>()({
  list: { method: 'GET', path: '/v1/users', access: 'signed-in', tags: ['users'] },
  one: { method: 'GET', path: '/v1/users/:id', access: 'signed-in', tags: ['users'] },
});
