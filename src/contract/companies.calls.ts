import type { companySchemas } from './companies';
import { callsFor } from './endpoint';

/** Companies: the host's own (public: the PWA brands itself before anyone signs in) and the platform's list. */
export const companyCalls = callsFor<typeof companySchemas>()({
  me: {
    summary: 'Get this host’s company',
    method: 'GET',
    path: '/v1/companies/me',
    access: 'public',
    tags: ['companies'],
  },
  list: { method: 'GET', path: '/v1/companies', access: 'platform', tags: ['companies'] },
  one: { method: 'GET', path: '/v1/companies/:id', access: 'signed-in', tags: ['companies'] },
  create: { method: 'POST', path: '/v1/companies', access: 'platform', tags: ['companies'], status: 201 },
});
