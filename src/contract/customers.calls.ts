import type { customerSchemas } from './customers';
import { callsFor } from './endpoint';

/** Staff: the company's customers (search, one record) and the actions on an account, each audited. */
export const customerCalls = callsFor<typeof customerSchemas>()({
  list: { method: 'GET', path: '/v1/admin/customers', access: 'staff', tags: ['staff', 'customers'] },
  one: { method: 'GET', path: '/v1/admin/customers/:id', access: 'staff', tags: ['staff', 'customers'] },
  verify: {
    method: 'POST',
    path: '/v1/admin/customers/:id/verify',
    access: 'staff',
    tags: ['staff', 'customers'],
  },
  resendVerification: {
    method: 'POST',
    path: '/v1/admin/customers/:id/resend-verification',
    access: 'staff',
    tags: ['staff', 'customers'],
  },
  deactivate: {
    method: 'POST',
    path: '/v1/admin/customers/:id/deactivate',
    access: 'staff',
    tags: ['staff', 'customers'],
  },
  reactivate: {
    method: 'POST',
    path: '/v1/admin/customers/:id/reactivate',
    access: 'staff',
    tags: ['staff', 'customers'],
  },
  role: {
    summary: 'Change a customer’s role',
    method: 'PUT',
    path: '/v1/admin/customers/:id/role',
    access: 'admin',
    tags: ['staff', 'customers'],
  },
  passwordReset: {
    method: 'POST',
    path: '/v1/admin/customers/:id/password-reset',
    access: 'staff',
    tags: ['staff', 'customers'],
  },
});
