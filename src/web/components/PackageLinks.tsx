import { Trans } from '@lingui/react/macro';
import { Anchor, Button } from '@mantine/core';
import { IconPlaneDeparture } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** A package's tracking number, linking to its page (lists, the dashboard, an invoice's packages). */
export function PackageLink({
  pkg,
  nowrap = false,
}: {
  pkg: { id: string; tracking_number: string };
  nowrap?: boolean;
}) {
  return (
    <Anchor
      renderRoot={(props) => <Link to="/user/packages/$id" params={{ id: pkg.id }} {...props} />}
      fw={600}
      style={nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
    >
      <bdi>{pkg.tracking_number}</bdi>
    </Anchor>
  );
}

/** The call to action where a customer has nothing yet: pre-alert a package. */
export function PreAlertButton() {
  return (
    <Button
      component={Link}
      to="/user/packages/pre-alert"
      leftSection={<IconPlaneDeparture size={18} aria-hidden />}
    >
      <Trans>Pre-alert a package</Trans>
    </Button>
  );
}
