import { Trans } from '@lingui/react/macro';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';

/**
 * What a list shows for its query: `loading` until the first answer, the error with a retry when there is nothing
 * to show, `empty` when the answer holds nothing, else the list. A failed refetch keeps the list it had.
 */
export function QueryStates<T>({
  query,
  loading,
  errorTitle,
  isEmpty,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data' | 'error' | 'refetch'>;
  loading: ReactNode;
  errorTitle: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { data } = query;
  if (query.isPending) return loading;
  if (query.isError && data === undefined) {
    return <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (data === undefined || isEmpty(data)) return empty;
  return children(data);
}

/** Placeholder rows of a table or list while it loads; `label` names what is loading. */
export function LoadingRows({ label, count, h }: { label: string; count: number; h: number }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} h={h} radius="sm" />
      ))}
    </Stack>
  );
}

/** The query failed with nothing to show: why, and a button to try again. */
export function QueryError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
