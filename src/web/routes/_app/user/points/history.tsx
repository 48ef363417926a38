import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import { pointsQueryOptions } from '../../../../features/points/api';
import { PointsHistory } from '../../../../features/points/PointsHistory';
import {
  POINTS_DEFAULTS,
  type PointsSearch,
  parsePointsSearch,
} from '../../../../features/points/points-search';

export const Route = createFileRoute('/_app/user/points/history')({
  validateSearch: (search: Partial<PointsSearch> & SearchSchemaInput) => parsePointsSearch(search),
  search: { middlewares: [stripSearchParams(POINTS_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(pointsQueryOptions(deps.page, deps.pageSize));
  },
  component: function PointsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <PointsHistory
        search={search}
        onChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })}
      />
    );
  },
});
