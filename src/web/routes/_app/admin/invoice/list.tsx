import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import {
  type AdminInvoiceChange,
  AdminInvoiceList,
} from '../../../../features/admin-invoices/AdminInvoiceList';
import { adminInvoicesQueryOptions } from '../../../../features/admin-invoices/api';
import {
  ADMIN_INVOICE_DEFAULTS,
  type AdminInvoiceSearchInput,
  parseAdminInvoiceSearch,
  toAdminInvoiceUrl,
  toListQuery,
} from '../../../../features/admin-invoices/search';

export const Route = createFileRoute('/_app/admin/invoice/list')({
  validateSearch: (search: AdminInvoiceSearchInput & SearchSchemaInput) => parseAdminInvoiceSearch(search),
  search: { middlewares: [stripSearchParams(ADMIN_INVOICE_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(adminInvoicesQueryOptions(toListQuery(deps)));
  },
  component: function AdminInvoiceListRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const onChange = useCallback<AdminInvoiceChange>(
      (patch, options) =>
        void navigate({
          search: (prev) => toAdminInvoiceUrl({ ...prev, ...patch }),
          replace: options?.replace ?? false,
        }),
      [navigate],
    );
    const onClear = useCallback(
      () =>
        void navigate({ search: (prev) => toAdminInvoiceUrl({ sort: prev.sort, pageSize: prev.pageSize }) }),
      [navigate],
    );
    return <AdminInvoiceList search={search} onChange={onChange} onClear={onClear} />;
  },
});
