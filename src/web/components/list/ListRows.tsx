import type { ReactNode } from 'react';
import { CardRows } from './CardRows';
import { type Column, DataTable, type DataTableProps } from './DataTable';
import { useCardsLayout } from './layout';
import type { RowSelection } from './selection';

export interface ListRowsProps<T> {
  /** The list's name: its table's and its card list's ("Packages"). */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The table's columns (wide screens); without them the list is cards at every width. */
  columns?: readonly Column<T>[];
  /** One card (phones); without it the list is a table at every width. */
  card?: (row: T) => ReactNode;
  table?: Pick<DataTableProps<T>, 'minWidth' | 'maxHeight' | 'rowProps' | 'regionLabel' | 'footer'>;
  /** Cards in one column at every width (a list inside a half-width panel). */
  single?: boolean;
  selection?: RowSelection<T> | undefined;
  /** Names each card when its first line does not say enough. */
  cardLabel?: (row: T) => string;
  /** Cards as compact rows in one box (see CardRows). */
  compact?: boolean;
  cardId?: (row: T) => string;
}

/** A list's rows: a table on wide screens, cards on phones (where a table would scroll its facts out of view). */
export function ListRows<T>({
  label,
  rows,
  rowKey,
  columns,
  card,
  table,
  single,
  selection,
  cardLabel,
  compact,
  cardId,
}: ListRowsProps<T>) {
  const phone = useCardsLayout();
  if (card && (!columns || phone)) {
    return (
      <CardRows
        label={label}
        rows={rows}
        rowKey={rowKey}
        card={card}
        selection={selection}
        single={single}
        cardLabel={cardLabel}
        compact={compact}
        cardId={cardId}
      />
    );
  }
  return (
    <DataTable
      label={label}
      rows={rows}
      columns={columns ?? []}
      rowKey={rowKey}
      selection={selection}
      {...table}
    />
  );
}
