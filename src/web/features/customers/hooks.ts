import type { Role } from '../../../contract/users';
import { useChange } from '../../lib/use-change';
import { type AccountAction, changeRole, runAccountAction } from './api';

/**
 * An action on a customer's account (verify, resend, deactivate, reactivate, password reset, role): their record,
 * the lists and pickers that show them, and the record's history refresh.
 */
export const useAccountAction = (id: string) =>
  useChange({
    mutationFn: (action: AccountAction | { role: Role }) =>
      typeof action === 'string'
        ? runAccountAction(id, action)
        : changeRole(id, action.role).then(() => ({ alreadyVerified: false })),
    changes: ['customer'],
    audit: () => [['user', id]],
  });
