import '../i18n';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { Role } from '../../../../contract/users';

/** A role as staff read it; the API's value ("staff") is no word in another language. */
const ROLE_LABELS: Record<Role, ReturnType<typeof msg>> = {
  customer: msg`Customer`,
  staff: msg`Staff`,
  admin: msg`Admin`,
};

export function useRoleLabel(): (role: string) => string {
  const { i18n } = useLingui();
  return (role) => (role in ROLE_LABELS ? i18n._(ROLE_LABELS[role as Role]) : role);
}
