import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import { unmatchedQueryOptions, withoutPrealertQueryOptions } from '../../../features/matching/api';
import {
  MATCHING_DEFAULTS,
  type MatchingSearch,
  parseMatchingSearch,
  QUEUE_PAGE_SIZE,
} from '../../../features/matching/matching-search';
import { PrealertMatching } from '../../../features/matching/PrealertMatching';

export const Route = createFileRoute('/_app/admin/prealerts')({
  validateSearch: (search: Partial<MatchingSearch> & SearchSchemaInput) => parseMatchingSearch(search),
  search: { middlewares: [stripSearchParams(MATCHING_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(unmatchedQueryOptions(deps.pp, QUEUE_PAGE_SIZE));
    void context.queryClient.prefetchQuery(withoutPrealertQueryOptions(deps.kp, QUEUE_PAGE_SIZE));
  },
  component: function PrealertsRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <PrealertMatching
        search={search}
        onChange={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })}
      />
    );
  },
});
