import { callsFor } from './endpoint';
import type { referenceSchemas } from './reference';

const tags = ['reference'];

/** Platform-wide reference data: public, the same for every company (sign-up needs parishes before any login). */
export const referenceCalls = callsFor<typeof referenceSchemas>()({
  parishes: { summary: 'List parishes', method: 'GET', path: '/v1/parishes', access: 'public', tags },
  identifications: {
    summary: 'List identification types',
    method: 'GET',
    path: '/v1/identifications',
    access: 'public',
    tags,
  },
  packageStatuses: {
    summary: 'List package statuses',
    method: 'GET',
    path: '/v1/package_statuses',
    access: 'public',
    tags,
  },
  packageStatus: {
    summary: 'Get package status',
    method: 'GET',
    path: '/v1/package_statuses/:id',
    access: 'public',
    tags,
  },
});
