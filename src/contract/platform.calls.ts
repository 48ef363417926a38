import { callsFor } from './endpoint';
import type { platformSchemas } from './platform';

/** The platform console: every company the platform serves, for the platform's operator only. */
export const platformCalls = callsFor<typeof platformSchemas>()({
  list: {
    summary: 'List companies (platform)',
    method: 'GET',
    path: '/v1/platform/companies',
    access: 'platform',
    tags: ['platform'],
  },
  one: {
    summary: 'Get a company (platform)',
    method: 'GET',
    path: '/v1/platform/companies/:id',
    access: 'platform',
    tags: ['platform'],
  },
  create: {
    summary: 'Create a company (platform)',
    method: 'POST',
    path: '/v1/platform/companies',
    access: 'platform',
    tags: ['platform'],
    status: 201,
    description:
      'The company, its hosts and the template’s defaults (menus, settings, duty categories) in one transaction.',
  },
  update: {
    summary: 'Change a company’s status or hosts (platform)',
    method: 'PATCH',
    path: '/v1/platform/companies/:id',
    access: 'platform',
    tags: ['platform'],
    description: 'Deactivating keeps every row; the company’s hosts answer 404 at once, on every instance.',
  },
  invite: {
    summary: 'Invite a company’s first admin (platform)',
    method: 'POST',
    path: '/v1/platform/companies/:id/invitations',
    access: 'platform',
    tags: ['platform'],
    status: 201,
    description:
      'Mails a single-use link that expires, opened on the company’s own host, to set a password (an admin invitation).',
  },
});
