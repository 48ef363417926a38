import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { emailSchema, passwordSchema, tokensSchema } from './auth';
import { uuidParamSchema } from './envelope';
import { tr } from './i18n';
import { text } from './text';

/** The roles of the back office: `staff` (a clerk: the daily work) and `admin` (also settings, prices and staff). */
export const staffRoles = ['staff', 'admin'] as const;
export const staffRoleSchema = z.enum(staffRoles);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** How long an invitation's link works. */
export const INVITATION_TTL_DAYS = 7;

const tokenSchema = text().min(10).max(200);

/** What an invitation link is, for the person who opened it (the token proves they read that mailbox). */
export const invitationInfoSchema = z.object({
  company_name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  expires_at: z.string(),
  existing_account: z
    .boolean()
    .describe(
      'The address already has an account in this company (a customer): accepting promotes it, and `password` must be its current password; names are kept.',
    ),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

export const acceptInvitationBodySchema = z.object({
  token: tokenSchema,
  // Required for a new account (a field error says so); an existing account keeps its names.
  first_name: text().trim().max(60).optional(),
  last_name: text().trim().max(60).optional(),
  password: passwordSchema,
});
export type AcceptInvitationBody = z.input<typeof acceptInvitationBodySchema>;

export const staffMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  is_active: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const invitationStatuses = ['pending', 'expired'] as const;
export const pendingInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: staffRoleSchema,
  status: z.enum(invitationStatuses),
  invited_by: z.string().nullable().describe('the name of who invited, when they are of this company'),
  expires_at: z.string(),
  last_sent_at: z.string(),
  created_at: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const staffListSchema = z.object({
  people: z.array(staffMemberSchema),
  invitations: z.array(pendingInvitationSchema),
});
export type StaffList = z.infer<typeof staffListSchema>;

export const inviteBodySchema = z.object({ email: emailSchema, role: staffRoleSchema });
export type InviteBody = z.input<typeof inviteBodySchema>;

export const staffUpdateBodySchema = z
  .object({ role: staffRoleSchema.optional(), is_active: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.is_active !== undefined, {
    error: () => tr(msg`Give a role or is_active`),
    path: ['role'],
  });
export type StaffUpdateBody = z.input<typeof staffUpdateBodySchema>;

/** The schemas of each call in `staff.calls.ts`. */
export const staffSchemas = {
  invitation: { params: z.object({ token: tokenSchema }), response: invitationInfoSchema },
  acceptInvitation: { body: acceptInvitationBodySchema, response: tokensSchema },
  list: { response: staffListSchema },
  invite: { body: inviteBodySchema, response: pendingInvitationSchema },
  resendInvitation: { params: uuidParamSchema, response: pendingInvitationSchema },
  revokeInvitation: { params: uuidParamSchema, response: z.null() },
  update: { params: uuidParamSchema, body: staffUpdateBodySchema, response: staffMemberSchema },
};
