import { Trans } from '@lingui/react/macro';
import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The bar over a selection, kept in view while the list scrolls: how many, what to do with them, or clear. */
export function SelectionBar({
  label,
  count,
  onClear,
  children,
}: {
  /** The bar's landmark ("Selected packages"). */
  label: string;
  count: number;
  onClear: () => void;
  /** The bulk actions. */
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-label={label}
      pos="sticky"
      top={0}
      style={{ zIndex: 3 }}
    >
      <Group justify="space-between" gap="sm">
        <Text fw={600} aria-live="polite">
          <Trans>{count} selected</Trans>
        </Text>
        <Group gap="xs">
          {children}
          <Button size="sm" variant="subtle" onClick={onClear}>
            <Trans>Clear selection</Trans>
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
