import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import { platformCompaniesQueryOptions } from '../../../features/platform/api';
import { PlatformCompanies } from '../../../features/platform/PlatformCompanies';
import {
  PLATFORM_DEFAULTS,
  type PlatformSearch,
  parsePlatformSearch,
} from '../../../features/platform/search';

export const Route = createFileRoute('/_app/platform/')({
  validateSearch: (search: Partial<PlatformSearch> & SearchSchemaInput) => parsePlatformSearch(search),
  search: { middlewares: [stripSearchParams(PLATFORM_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(platformCompaniesQueryOptions(deps));
  },
  component: function PlatformRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <PlatformCompanies
        search={search}
        onChange={(patch, options) =>
          void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: options?.replace ?? false })
        }
      />
    );
  },
});
