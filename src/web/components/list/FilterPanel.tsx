import { useLingui } from '@lingui/react/macro';
import { Paper, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ClearFilters } from '../ClearFilters';

/**
 * A list's filters (their values live in the URL): a grid of fields and, while any is set, "Clear filters". The
 * grid is `className`'s when given (a screen with its own column widths), else one to four columns by width.
 */
export function FilterPanel({
  filtered,
  onClear,
  cols = { base: 1, sm: 2, lg: 4 },
  className,
  children,
}: {
  filtered: boolean;
  onClear: () => void;
  cols?: SimpleGridProps['cols'];
  className?: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Paper p="md" component="section" aria-label={t`Filters`}>
      {className ? (
        <div className={className}>{children}</div>
      ) : (
        <SimpleGrid cols={cols} spacing="sm">
          {children}
        </SimpleGrid>
      )}
      {filtered && <ClearFilters onClear={onClear} />}
    </Paper>
  );
}

/** Whether any of a search's filters is set (page, size and order are not filters). */
export function hasFilters<S extends object>(search: S, keys: readonly (keyof S)[]): boolean {
  return keys.some((k) => search[k] !== undefined && search[k] !== '');
}
