import { callsFor } from './endpoint';
import type { feeSchemas } from './fees';

/** The company's fee schedule. */
export const feeCalls = callsFor<typeof feeSchemas>()({
  get: { method: 'GET', path: '/v1/fees', access: 'verified', tags: ['fees'] },
});
