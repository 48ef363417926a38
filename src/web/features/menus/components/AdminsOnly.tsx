import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';

/** What staff see on the menu screens: the editor is for admins. */
export function AdminsOnly() {
  const { t } = useLingui();
  return (
    <Alert color="gray" title={t`Menus are for admins`}>
      <Trans>Ask an admin of your company to change the navigation.</Trans>
    </Alert>
  );
}
