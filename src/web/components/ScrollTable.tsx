import { Table, type TableScrollContainerProps } from '@mantine/core';

export type ScrollTableProps = Omit<TableScrollContainerProps, 'type'> & {
  /** Names the scrolling region for screen readers ("Invoice lines"). */
  label: string;
};

/**
 * A wide table that scrolls sideways on a phone. The scrolling box is a named, focusable region so keyboard users
 * can scroll it with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable) even when no cell holds a link.
 */
export function ScrollTable({ label, children, ...props }: ScrollTableProps) {
  return (
    <Table.ScrollContainer type="native" tabIndex={0} role="region" aria-label={label} {...props}>
      {children}
    </Table.ScrollContainer>
  );
}
