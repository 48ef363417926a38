import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import { useLingui } from '@lingui/react/macro';
import {
  Checkbox,
  type MantineBreakpoint,
  Table,
  type TableTdProps,
  type TableTrProps,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useWords, type Words } from '../../lib/i18n/text';
import { ScrollTable } from '../ScrollTable';
import { pageState, type RowSelection } from './selection';

/** Props a cell or row may carry besides Mantine's: data attributes that tests and styles read. */
type DataAttributes = { [name: `data-${string}`]: string | number | boolean | undefined };

export interface Column<T> {
  /** A message (`msg` at module level) or words already translated. */
  header: Words;
  /** The header is for screen readers only (an actions column). */
  srOnlyHeader?: boolean;
  cell: (row: T) => ReactNode;
  align?: 'right';
  /** Kept on one line (dates, amounts, codes). */
  nowrap?: boolean;
  w?: number;
  /** Shown from this breakpoint up: a narrow window keeps the columns that matter. */
  visibleFrom?: MantineBreakpoint;
  /** More props of each of its cells. */
  td?: (row: T) => TableTdProps & DataAttributes;
}

export interface DataTableProps<T> {
  /** The table's name ("Packages"). */
  label: string;
  /** The scrolling region's name; "<label> table" when not given. */
  regionLabel?: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** Below this width the table scrolls inside its region rather than squeezing its columns. */
  minWidth?: number;
  maxHeight?: number | string;
  selection?: RowSelection<T> | undefined;
  rowProps?: (row: T) => TableTrProps & DataAttributes;
  /** A totals row. */
  footer?: ReactNode;
}

const cellStyle = (c: { nowrap?: boolean }) => (c.nowrap ? { whiteSpace: 'nowrap' as const } : undefined);

/** A list's table: a header per column, a row per item, checkboxes when rows can be chosen. */
export function DataTable<T>({
  label,
  regionLabel,
  rows,
  columns,
  rowKey,
  minWidth,
  maxHeight,
  selection,
  rowProps,
  footer,
}: DataTableProps<T>) {
  const words = useWords();
  const { t } = useLingui();
  const all = selection ? pageState(selection, rows) : null;
  return (
    <ScrollTable label={regionLabel ?? t`${label} table`} minWidth={minWidth} maxHeight={maxHeight}>
      <Table stickyHeader striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {selection && all && (
              <Table.Th scope="col" w={40}>
                <Checkbox
                  aria-label={selection.allLabel}
                  checked={all.checked}
                  indeterminate={all.indeterminate}
                  disabled={all.choosable.length === 0}
                  onChange={(e) => selection.onToggleAll(all.choosable, e.currentTarget.checked)}
                />
              </Table.Th>
            )}
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list; a header is no key in every language
              <Table.Th key={i} scope="col" ta={c.align} w={c.w} visibleFrom={c.visibleFrom}>
                {c.srOnlyHeader ? <VisuallyHidden>{words(c.header)}</VisuallyHidden> : words(c.header)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const chosen = selection?.isSelected(row) ?? false;
            return (
              <Table.Tr
                key={rowKey(row)}
                data-selected={chosen || undefined}
                // A bar at the row's start marks it (a tinted row would lower the contrast of red or dimmed text).
                style={
                  chosen ? { boxShadow: 'inset 4px 0 0 var(--mantine-primary-color-filled)' } : undefined
                }
                {...rowProps?.(row)}
              >
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={selection.label(row)}
                      checked={chosen}
                      disabled={selection.disabled?.(row)}
                      onChange={(e) => selection.onToggle(row, e.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                {columns.map((c, i) => (
                  <Table.Td
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list
                    key={i}
                    ta={c.align}
                    visibleFrom={c.visibleFrom}
                    style={cellStyle(c)}
                    {...c.td?.(row)}
                  >
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        {footer && <Table.Tfoot>{footer}</Table.Tfoot>}
      </Table>
    </ScrollTable>
  );
}
