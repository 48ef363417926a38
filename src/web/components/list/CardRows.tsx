import '@mantine/core/styles/Checkbox.css';
import { Box, Card, Checkbox, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardList } from '../CardList';
import { pageState, type RowSelection } from './selection';

export interface CardRowsProps<T> {
  /** The list's name ("Packages"). */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** What one card says: the facts a table row holds, stacked. */
  card: (row: T) => ReactNode;
  selection?: RowSelection<T> | undefined;
  /** Showing the previous page while the next loads. */
  stale?: boolean;
  /** One column at every width (a list inside a half-width panel). */
  single?: boolean | undefined;
  /** Names each card (a list item) when its first line does not say enough: "Pre-alert 1Z999…". */
  cardLabel?: ((row: T) => string) | undefined;
}

/** A list's cards (phones, or lists that are cards everywhere): one `<li>` each, with its checkbox when chosen. */
export function CardRows<T>({
  label,
  rows,
  rowKey,
  card,
  selection,
  stale,
  single,
  cardLabel,
}: CardRowsProps<T>) {
  const all = selection ? pageState(selection, rows) : null;
  return (
    <Stack gap="xs">
      {selection && all && (
        <Checkbox
          size="md"
          label={selection.allLabel}
          checked={all.checked}
          indeterminate={all.indeterminate}
          disabled={all.choosable.length === 0}
          onChange={(e) => selection.onToggleAll(all.choosable, e.currentTarget.checked)}
        />
      )}
      <CardList label={label} stale={stale} single={single}>
        {rows.map((row) => (
          <Card component="li" key={rowKey(row)} withBorder padding="sm" aria-label={cardLabel?.(row)}>
            {selection ? (
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Checkbox
                  size="md"
                  mt={2}
                  aria-label={selection.label(row)}
                  checked={selection.isSelected(row)}
                  disabled={selection.disabled?.(row)}
                  onChange={(e) => selection.onToggle(row, e.currentTarget.checked)}
                />
                <Box style={{ minWidth: 0, flex: 1 }}>{card(row)}</Box>
              </Group>
            ) : (
              card(row)
            )}
          </Card>
        ))}
      </CardList>
    </Stack>
  );
}
