import { callsFor } from './endpoint';
import type { dutyCategoryAdminSchemas, rateSchemas } from './rates';

const tags = ['staff', 'rates'];

/** The company's effective-dated rates: freight, handling, storage and the exchange rate (admins). */
export const rateCalls = callsFor<typeof rateSchemas>()({
  overview: {
    summary: 'Rates in force, scheduled and past',
    method: 'GET',
    path: '/v1/admin/rates',
    access: 'admin',
    tags,
  },
  create: {
    summary: 'Add a rate version',
    method: 'POST',
    path: '/v1/admin/rates',
    access: 'admin',
    tags,
    status: 201,
    description:
      'A new version of the whole rate set, in force from effective_from (not in the past, a minute of tolerance) until a later one. Audited (entity company).',
  },
  remove: {
    summary: 'Delete a scheduled rate version',
    method: 'DELETE',
    path: '/v1/admin/rates/:id',
    access: 'admin',
    tags,
    description: 'Only a version not yet in force; versions that were ever in force stay as history.',
  },
  preview: {
    summary: 'Preview draft rates on a sample parcel',
    method: 'POST',
    path: '/v1/admin/rates/preview',
    access: 'admin',
    tags,
    description:
      'What POST /v1/dutycalculator would answer for the sample under the draft rates. Saves nothing.',
  },
});

/** Duty categories with effective-dated rates (admins). */
export const dutyCategoryAdminCalls = callsFor<typeof dutyCategoryAdminSchemas>()({
  list: {
    summary: 'List duty categories (admin)',
    method: 'GET',
    path: '/v1/admin/duty-categories',
    access: 'admin',
    tags,
  },
  create: {
    summary: 'Add a duty category',
    method: 'POST',
    path: '/v1/admin/duty-categories',
    access: 'admin',
    tags,
    status: 201,
  },
  update: {
    summary: 'Change a duty category',
    method: 'PUT',
    path: '/v1/admin/duty-categories/:id',
    access: 'admin',
    tags,
    description: 'Name and description at once; the rates as a new version from effective_from. Audited.',
  },
  retire: {
    summary: 'Retire a duty category',
    method: 'POST',
    path: '/v1/admin/duty-categories/:id/retire',
    access: 'admin',
    tags,
    description:
      'The estimator no longer offers it; invoices that used it keep their lines. Never deleted. Audited.',
  },
});
