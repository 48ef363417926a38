import { queryOptions } from '@tanstack/react-query';
import type { InviteBody, PendingInvitation, StaffMember, StaffUpdateBody } from '../../../contract/staff';
import { staffCalls } from '../../../contract/staff.calls';
import { api } from '../../lib/api';
import { queryRoots } from '../../lib/query-keys';

export const staffKeys = { all: [queryRoots.staff] as const };

/** The company's staff and open invitations (admins): checked again whenever the screen opens. */
export const staffQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.all, queryFn: () => api.call(staffCalls.list), staleTime: 0 });

export const inviteStaff = (body: InviteBody): Promise<PendingInvitation> =>
  api.call(staffCalls.invite, { body });

export type InvitationAction = 'resend' | 'revoke';

export const runInvitationAction = (id: string, action: InvitationAction): Promise<unknown> =>
  action === 'resend'
    ? api.call(staffCalls.resendInvitation, { params: { id } })
    : api.call(staffCalls.revokeInvitation, { params: { id } });

export const updateStaff = (id: string, body: StaffUpdateBody): Promise<StaffMember> =>
  api.call(staffCalls.update, { params: { id }, body });
