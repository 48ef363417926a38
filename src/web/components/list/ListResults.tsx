import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Box, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { LoadingRows, QueryStates } from '../QueryStates';
import { ListRows, type ListRowsProps } from './ListRows';
import { useCardsLayout } from './layout';
import { Pager, type Paging, pageCount, ResultsSummary } from './Pager';

/** A page of a list as the API answers it. */
export interface ListPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting: `total` is a floor. */
  total_capped?: boolean;
}

export interface ListResultsProps<T> extends Omit<ListRowsProps<T>, 'rows'> {
  query: Pick<
    UseQueryResult<ListPage<T>>,
    'isPending' | 'isError' | 'data' | 'error' | 'refetch' | 'isPlaceholderData' | 'fetchStatus'
  >;
  /** How the summary counts rows: ["package", "packages"]. */
  /** What the list holds, by count (see ResultsSummary). */
  noun: MessageDescriptor;
  errorTitle: string;
  /** Nothing to show: "no packages yet", or "no packages match" with a way to clear the filters. */
  empty: ReactNode;
  /** Without it the list is one page (the server's). */
  paging?: Paging;
  /** The landmark around the results; null for none (a list inside a section of its own). */
  region?: string | null;
  /** Offline with nothing saved on this device: what to say instead of an endless placeholder. */
  offline?: ReactNode;
  /** False when the screen says how many there are itself. */
  summary?: boolean;
}

/**
 * The results block of a list screen: a placeholder while the first page loads, the error with a retry, the empty
 * state, then "Showing 1–20 of 45", the rows (a table on wide screens, cards on phones), and the pager. Filters live
 * in the URL, so a page past the end (an old link, fewer rows now) moves to the last page there is.
 */
export function ListResults<T>({
  query,
  noun,
  errorTitle,
  empty,
  paging,
  region,
  offline,
  summary = true,
  ...rows
}: ListResultsProps<T>) {
  const { t } = useLingui();
  const phone = useCardsLayout();
  const name = rows.label.toLowerCase();
  const landmark = region === undefined ? t`Results` : region;
  const cards = rows.card !== undefined && (rows.columns === undefined || phone);
  const { data, isPlaceholderData } = query;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const pastEnd =
    data !== undefined &&
    !isPlaceholderData &&
    data.total > 0 &&
    data.items.length === 0 &&
    paging !== undefined &&
    paging.page > pages;
  useEffect(() => {
    if (pastEnd) paging?.onChange({ page: pages });
  }, [pastEnd, pages, paging]);

  const results =
    offline && query.isPending && query.fetchStatus === 'paused' ? (
      offline
    ) : (
      <QueryStates
        query={query}
        loading={<LoadingRows label={t`Loading ${name}`} count={cards ? 4 : 8} h={cards ? 96 : 40} />}
        errorTitle={errorTitle}
        isEmpty={(found) => found.total === 0 && found.items.length === 0}
        empty={empty}
      >
        {(found) => (
          <Stack gap="md">
            {summary && (
              <ResultsSummary
                page={found.page}
                pageSize={found.pageSize}
                shown={found.items.length}
                total={found.total}
                capped={found.total_capped}
                noun={noun}
              />
            )}
            <Box
              aria-busy={isPlaceholderData}
              style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              <ListRows rows={found.items} {...rows} />
            </Box>
            {paging && (
              <Pager
                paging={paging}
                total={found.total}
                pageSize={found.pageSize}
                capped={found.total_capped}
                compact={phone}
              />
            )}
          </Stack>
        )}
      </QueryStates>
    );
  return landmark ? (
    <Box component="section" aria-label={landmark}>
      {results}
    </Box>
  ) : (
    results
  );
}
