import { callsFor } from './endpoint';
import type { profileSchemas } from './profile';

/** The caller's profile, password change and the dashboard summary. */
export const profileCalls = callsFor<typeof profileSchemas>()({
  get: { method: 'GET', path: '/v1/profile', access: 'verified', tags: ['profile'] },
  update: { method: 'PUT', path: '/v1/profile', access: 'verified', tags: ['profile'] },
  changePassword: {
    method: 'POST',
    path: '/v1/profile/password',
    access: 'verified',
    tags: ['profile'],
    description:
      'Checks current_password, sets new_password, and signs out every other session: all refresh-token families of the user are revoked except the one of `refreshToken` (this device), if given. Access tokens already issued expire on their own within minutes.',
  },
  summary: {
    summary: 'Get the account summary',
    method: 'GET',
    path: '/v1/account/summary',
    access: 'verified',
    tags: ['profile'],
  },
});
