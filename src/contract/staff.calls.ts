import { callsFor } from './endpoint';
import type { staffSchemas } from './staff';

const limited = 'Rate limited per client and company (429 with Retry-After).';
const tags = ['staff', 'staff-accounts'];

/** Staff accounts: invitations by e-mail (accepted on the public invitation page) and the company's staff list. */
export const staffCalls = callsFor<typeof staffSchemas>()({
  invitation: {
    summary: 'Read an invitation',
    method: 'GET',
    path: '/v1/auth/invitations/:token',
    access: 'public',
    tags: ['auth'],
    description: `What an invitation link is (company, e-mail, role). An unknown link is 404; an expired, withdrawn or used one is 410 with a message saying which. ${limited}`,
  },
  acceptInvitation: {
    summary: 'Accept an invitation',
    method: 'POST',
    path: '/v1/auth/invitations/accept',
    access: 'public',
    tags: ['auth'],
    description: `Creates the staff account (its e-mail counts as verified: the link proves it) and signs in, answering as sign-in does. An address that already has an account in the company (a customer) is promoted instead, once \`password\` is its current password. ${limited}`,
  },
  list: {
    summary: 'List staff and pending invitations',
    method: 'GET',
    path: '/v1/admin/staff',
    access: 'admin',
    tags,
  },
  invite: {
    summary: 'Invite a staff member',
    method: 'POST',
    path: '/v1/admin/staff/invitations',
    access: 'admin',
    tags,
    status: 201,
    description:
      'Mails a single-use link that expires in 7 days. Refused (409) when the address is already on the staff or has a pending invitation.',
  },
  resendInvitation: {
    summary: 'Resend an invitation',
    method: 'POST',
    path: '/v1/admin/staff/invitations/:id/resend',
    access: 'admin',
    tags,
    description: 'A new link, valid 7 days from now; the previous link stops working.',
  },
  revokeInvitation: {
    summary: 'Withdraw an invitation',
    method: 'DELETE',
    path: '/v1/admin/staff/invitations/:id',
    access: 'admin',
    tags,
  },
  update: {
    summary: 'Change a staff member’s role or activity',
    method: 'PATCH',
    path: '/v1/admin/staff/:id',
    access: 'admin',
    tags,
    description:
      'Deactivating ends the person’s sessions at once. Nobody changes their own role or activity, and the last active admin stays one (409).',
  },
});
