import { Trans } from '@lingui/react/macro';
import { Alert, Stack, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** Honest placeholder for screens that later issues build: nothing here pretends to work. */
export function NotBuilt({ title }: { title: string }) {
  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        {title}
      </Title>
      <Alert
        variant="light"
        color="brand"
        icon={<IconTools aria-hidden />}
        title={<Trans>Not built yet</Trans>}
      >
        <Trans>This screen is not built yet. It will arrive in a later release of the portal.</Trans>
      </Alert>
    </Stack>
  );
}
