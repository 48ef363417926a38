import '@mantine/core/styles/Checkbox.css';
import { Box, Card, Checkbox, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardList } from '../CardList';
import classes from './CardRows.module.css';
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
  /** Rows in one bordered box, split by lines: a long list of short items (a customer's pre-alerts). */
  compact?: boolean | undefined;
  /** Each row's element id, so a link (#id) can point at it. */
  cardId?: ((row: T) => string) | undefined;
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
  compact,
  cardId,
}: CardRowsProps<T>) {
  const all = selection ? pageState(selection, rows) : null;
  if (compact) {
    return (
      <Paper
        withBorder
        component="ul"
        p={0}
        m={0}
        className={classes.compact}
        style={{ opacity: stale ? 0.6 : 1 }}
        aria-label={label}
        aria-busy={stale}
      >
        {rows.map((row) => (
          <Box
            component="li"
            key={rowKey(row)}
            px="md"
            py="sm"
            className={classes.row}
            id={cardId?.(row)}
            aria-label={cardLabel?.(row)}
          >
            {card(row)}
          </Box>
        ))}
      </Paper>
    );
  }
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
