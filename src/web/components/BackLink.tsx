import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * The link back from a record's page to the list it came from ("All invoices"), above the page's title. Hidden on
 * paper: a printed invoice has nowhere to go back to.
 */
export function BackLink({ to, children }: { to: LinkProps['to']; children: ReactNode }) {
  return (
    <Anchor
      renderRoot={(props) => <Link to={to} {...props} />}
      size="sm"
      underline="hover"
      data-print-hide
      style={{ alignSelf: 'flex-start' }}
    >
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden className="mirror-rtl" />
        {children}
      </Group>
    </Anchor>
  );
}
