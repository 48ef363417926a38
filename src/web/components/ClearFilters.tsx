import '@mantine/core/styles/EmptyState.css';
import { Trans } from '@lingui/react/macro';
import { Button, EmptyState, Group } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';

/** Under a filter panel, while any filter is set: one click back to everything. */
export function ClearFilters({ onClear }: { onClear: () => void }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconFilterOff size={16} aria-hidden />}
        onClick={onClear}
      >
        <Trans>Clear filters</Trans>
      </Button>
    </Group>
  );
}

/** The filters left nothing to show: say so, and offer to clear them. */
export function NoMatches({
  title,
  description,
  onClear,
}: {
  title: string;
  description: string;
  onClear: () => void;
}) {
  return (
    <EmptyState
      py="xl"
      icon={<IconSearch size={28} aria-hidden />}
      variant="light"
      title={title}
      description={description}
    >
      <EmptyState.Actions>
        <Button variant="light" onClick={onClear} leftSection={<IconFilterOff size={18} aria-hidden />}>
          <Trans>Clear filters</Trans>
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
