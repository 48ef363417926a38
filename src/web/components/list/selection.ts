import { useMemo, useState } from 'react';

/** What a table or card list needs to offer checkboxes: each row's state, and the page's. */
export interface RowSelection<T> {
  isSelected: (row: T) => boolean;
  onToggle: (row: T, on: boolean) => void;
  onToggleAll: (rows: readonly T[], on: boolean) => void;
  /** The row's checkbox's name: "Select 1Z999…". */
  label: (row: T) => string;
  /** The header checkbox's name: "Select all on this page". */
  allLabel: string;
  /** A row that cannot be chosen (an invalid import row). */
  disabled?: (row: T) => boolean;
}

export interface Selection<T> extends Omit<RowSelection<T>, 'label' | 'allLabel' | 'disabled'> {
  /** The chosen rows, in the order they were chosen. */
  rows: T[];
  size: number;
  add: (row: T) => void;
  clear: () => void;
}

/**
 * Rows chosen by key, kept across pages and filters (a clerk selects on page 1, filters, selects more). `initial`
 * is the first selection (the counter starts with every waiting parcel chosen).
 */
export function useSelection<T>(
  key: (row: T) => string,
  initial: () => readonly T[] = () => [],
): Selection<T> {
  const [chosen, setChosen] = useState<ReadonlyMap<string, T>>(
    () => new Map(initial().map((r) => [key(r), r])),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is a pure accessor; a new arrow each render must not rebuild the API
  return useMemo(() => {
    const change = (rows: readonly T[], on: boolean) =>
      setChosen((prev) => {
        const next = new Map(prev);
        for (const row of rows) {
          if (on) next.set(key(row), row);
          else next.delete(key(row));
        }
        return next;
      });
    return {
      rows: [...chosen.values()],
      size: chosen.size,
      isSelected: (row: T) => chosen.has(key(row)),
      onToggle: (row: T, on: boolean) => change([row], on),
      onToggleAll: change,
      add: (row: T) => change([row], true),
      clear: () => setChosen(new Map()),
    };
  }, [chosen]);
}

/** The header checkbox's state over the rows shown. */
export function pageState<T>(selection: RowSelection<T>, rows: readonly T[]) {
  const choosable = rows.filter((r) => !selection.disabled?.(r));
  const on = choosable.filter((r) => selection.isSelected(r)).length;
  return {
    choosable,
    checked: choosable.length > 0 && on === choosable.length,
    indeterminate: on > 0 && on < choosable.length,
  };
}
