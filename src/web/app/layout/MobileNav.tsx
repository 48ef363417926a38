import { useLingui } from '@lingui/react/macro';
import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { VerticalNav } from './VerticalNav';

/** Below 1280 px the vertical menu is an overlay drawer. */
export function MobileNav({
  opened,
  onClose,
  title,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={280}
      padding={0}
      title={title}
      styles={{ header: { paddingInline: 16 } }}
      // The X needs a name of its own (the burger behind the overlay is "Close navigation").
      closeButtonProps={{ 'aria-label': t`Close menu` }}
    >
      <VerticalNav onNavigate={onClose} />
    </Drawer>
  );
}
