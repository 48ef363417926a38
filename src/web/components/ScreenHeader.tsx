import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's heading and what it is for; its main action, if any, beside it (below it when there is no room). */
export function ScreenHeader({
  title,
  description,
  action,
}: {
  title: string;
  description: ReactNode;
  action?: ReactNode;
}) {
  const heading = (
    <>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      <Text c="dimmed">{description}</Text>
    </>
  );
  if (!action) return <div>{heading}</div>;
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div style={{ minWidth: 0, flex: '1 1 320px' }}>{heading}</div>
      {action}
    </Group>
  );
}
