import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { PrealertSearchChange } from '../../../../features/prealerts/PrealertList';
import { PrealertScreen } from '../../../../features/prealerts/PrealertScreen';
import {
  type PrealertSearch,
  parsePrealertSearch,
  toPrealertUrlSearch,
} from '../../../../features/prealerts/prealert-search';

type Search = Partial<PrealertSearch> & { outbox?: string };

/**
 * `?outbox=<id>` opens an outbox item the server refused, to edit and resend it; `q`, `status` and `page` are the
 * list's search, state filter and page.
 */
export const Route = createFileRoute('/_app/user/packages/pre-alert')({
  validateSearch: (search: Record<string, unknown>): Search => ({
    ...(typeof search.outbox === 'string' && /^[\w-]{1,64}$/.test(search.outbox)
      ? { outbox: search.outbox }
      : {}),
    ...toPrealertUrlSearch(parsePrealertSearch(search)),
  }),
  component: function PrealertRoute() {
    const { outbox, ...rest } = Route.useSearch();
    const navigate = Route.useNavigate();
    const search = parsePrealertSearch(rest);
    const onSearchChange = useCallback<PrealertSearchChange>(
      (patch, options) =>
        void navigate({
          search: (prev: Search) => ({
            ...(prev.outbox ? { outbox: prev.outbox } : {}),
            ...toPrealertUrlSearch({ ...parsePrealertSearch(prev), ...patch }),
          }),
          replace: options?.replace ?? false,
        }),
      [navigate],
    );
    return (
      <PrealertScreen
        outboxId={outbox}
        onOutboxDone={() => void navigate({ search: (prev: Search) => ({ ...prev, outbox: undefined }) })}
        search={search}
        onSearchChange={onSearchChange}
      />
    );
  },
});
