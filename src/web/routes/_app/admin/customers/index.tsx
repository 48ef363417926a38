import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import { customersQueryOptions } from '../../../../features/customers/api';
import { CustomerList } from '../../../../features/customers/CustomerList';
import {
  CUSTOMERS_DEFAULTS,
  type CustomersSearch,
  parseCustomersSearch,
} from '../../../../features/customers/customers-search';

export const Route = createFileRoute('/_app/admin/customers/')({
  validateSearch: (search: Partial<CustomersSearch> & SearchSchemaInput) => parseCustomersSearch(search),
  search: { middlewares: [stripSearchParams(CUSTOMERS_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(customersQueryOptions(deps));
  },
  component: function CustomersRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <CustomerList
        search={search}
        onChange={(patch, options) =>
          void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: options?.replace ?? false })
        }
      />
    );
  },
});
