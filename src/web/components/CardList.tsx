import { useLingui } from '@lingui/react/macro';
import { SimpleGrid, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list of cards (each a `<li>`): one column on phones, two from the md breakpoint (unless `single`). */
export function CardList({
  label,
  stale,
  single,
  children,
}: {
  label: string;
  /** Showing the previous page while the next one loads: dimmed and marked busy. */
  stale?: boolean | undefined;
  /** One column at every width (a list inside a half-width panel). */
  single?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, md: single ? 1 : 2 }}
      spacing="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none', opacity: stale ? 0.6 : 1 }}
      aria-label={label}
      aria-busy={stale}
    >
      {children}
    </SimpleGrid>
  );
}

/** Two placeholder cards, laid out as the list, while it loads. */
export function LoadingCards({ h }: { h: number }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" role="status" aria-busy="true" aria-label={t`Loading`}>
      <Skeleton h={h} radius="md" />
      <Skeleton h={h} radius="md" />
    </SimpleGrid>
  );
}
