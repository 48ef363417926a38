import { callsFor } from './endpoint';
import type { settingsSchemas } from './settings';

const tags = ['staff', 'settings'];

/** The company's settings the customer screens explain (payment, points, invoice defaults) and its time zone. */
export const settingsCalls = callsFor<typeof settingsSchemas>()({
  get: { method: 'GET', path: '/v1/settings', access: 'admin', tags },
  update: {
    method: 'PUT',
    path: '/v1/settings',
    access: 'admin',
    tags,
    description:
      'One or more whole sections (time_zone, payment, points, invoice); the others stay as they are. Each change is audited (entity company).',
  },
});
