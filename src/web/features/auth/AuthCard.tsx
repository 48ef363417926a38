import './i18n';
import { Trans } from '@lingui/react/macro';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The frame every auth screen shares: a heading, a short line, the content. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" withBorder>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={26}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" mt={4}>
              {subtitle}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** The quiet way back under a form that is not the login. */
export function BackToLoginLink() {
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to="/login">
        <Trans>Back to login</Trans>
      </Anchor>
    </Text>
  );
}
