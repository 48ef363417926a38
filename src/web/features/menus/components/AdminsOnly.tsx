import { Alert } from '@mantine/core';

/** What staff see on the menu screens: the editor is for admins. */
export function AdminsOnly() {
  return (
    <Alert color="gray" title="Menus are for admins">
      Ask an admin of your company to change the navigation.
    </Alert>
  );
}
