import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { packagesQueryOptions } from '../../../../features/packages/api';
import {
  HISTORY_DEFAULTS,
  type HistorySearchInput,
  parseHistorySearch,
  toUrlSearch,
} from '../../../../features/packages/history-search';
import { type HistoryChange, PackageHistory } from '../../../../features/packages/PackageHistory';
import { packageStatusesQueryOptions } from '../../../../lib/reference/api';

export const Route = createFileRoute('/_app/user/packages/history')({
  // Links may leave any key out; malformed values fall back to defaults.
  validateSearch: (search: HistorySearchInput & SearchSchemaInput) => parseHistorySearch(search),
  // Defaults stay out of the URL, so /user/packages/history is the plain view.
  search: { middlewares: [stripSearchParams(HISTORY_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Start fetching as the route matches; the screen shows skeletons rather than waiting here.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(packagesQueryOptions(deps));
    void context.queryClient.prefetchQuery(packageStatusesQueryOptions());
  },
  component: function HistoryRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const onChange = useCallback<HistoryChange>(
      (patch, options) =>
        void navigate({
          search: (prev) => toUrlSearch({ ...prev, ...patch }),
          replace: options?.replace ?? false,
        }),
      [navigate],
    );
    const onClear = useCallback(
      () => void navigate({ search: (prev) => toUrlSearch({ sort: prev.sort, pageSize: prev.pageSize }) }),
      [navigate],
    );
    return <PackageHistory search={search} onChange={onChange} onClear={onClear} />;
  },
});
