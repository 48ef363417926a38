import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PAGE_MAX } from '../../../../../contract/constants';
import { shipmentsQueryOptions } from '../../../../features/shipments/api';
import { ShipmentList } from '../../../../features/shipments/ShipmentList';
import { searchInt, searchText } from '../../../../lib/search-params';

type ShipmentSearch = { q: string | undefined; page: number };

export const Route = createFileRoute('/_app/admin/shipments/')({
  validateSearch: (s: { q?: unknown; page?: unknown } & SearchSchemaInput): ShipmentSearch => ({
    q: searchText(s.q),
    page: searchInt(s.page, 1, PAGE_MAX) ?? 1,
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(shipmentsQueryOptions(deps.q, deps.page));
  },
  component: function ShipmentsRoute() {
    const { q, page } = Route.useSearch();
    const navigate = Route.useNavigate();
    const onChange = useCallback(
      (patch: { q?: string | undefined; page: number }, options?: { replace: boolean }) =>
        void navigate({
          search: (prev) => {
            const next = { ...prev, ...patch };
            return {
              ...(next.q ? { q: next.q } : {}),
              ...(next.page > 1 ? { page: next.page } : {}),
            } as ShipmentSearch;
          },
          replace: options?.replace ?? false,
        }),
      [navigate],
    );
    return <ShipmentList q={q} page={page} onChange={onChange} />;
  },
});
