import type { InviteBody, StaffUpdateBody } from '../../../contract/staff';
import { useChange } from '../../lib/use-change';
import { type InvitationAction, inviteStaff, runInvitationAction, updateStaff } from './api';

/** A new invitation: the staff list refreshes (it shows the pending ones). */
export const useInviteStaff = (send: (body: InviteBody) => ReturnType<typeof inviteStaff> = inviteStaff) =>
  useChange({
    mutationFn: send,
    changes: ['staff'],
    audit: (made) => [['staff_invitation', made.id]],
  });

/** Resend (a new link, the old one dead) or withdraw an invitation. */
export const useInvitationAction = (id: string) =>
  useChange({
    mutationFn: (action: InvitationAction) => runInvitationAction(id, action),
    changes: ['staff'],
    audit: () => [['staff_invitation', id]],
    refreshOnError: ['staff'],
  });

/** A staff member's role or activity; their record's history too. */
export const useStaffChange = (id: string) =>
  useChange({
    mutationFn: (body: StaffUpdateBody) => updateStaff(id, body),
    changes: ['staff'],
    audit: () => [['user', id]],
    refreshOnError: ['staff'],
  });
